file { '/tmp/a': ensure => file, tag => ['web'], require => Notify['x'] }
file { '/tmp/b': ensure => file, tag => ['db'] }
notify { 'x': }
notify { 'y': }
File <| tag == 'web' |> { require +> Notify['y'], mode => '0644' }
File <| title == '/tmp/b' or tag == 'web' |> { owner => 'root' }
