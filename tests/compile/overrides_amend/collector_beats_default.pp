File { mode => '0644' }
file { '/etc/a': ensure => file }
File <| title == '/etc/a' |> { mode => '0600' }
