File {
  owner => 'root',
  group => 'root',
}
Exec { path => ['/bin', '/usr/bin'] }
Resource[File] { mode => '0600' }
File['/tmp/a'] {
  mode => '0600',
}
File['/tmp/a', '/tmp/b'] { ensure => file }
Service['x'] { require +> Package['x'] }
Package <| title == 'vim' |> { ensure => latest }
