node 'node1.example.com', 'node2.example.com' {
  include base::hardened
  include app
  include monitoring
  Class['base'] -> Class['app']
  File <| title == '/etc/app/a.conf' |> { content => "port=9999\n" }
}
