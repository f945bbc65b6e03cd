package { ['p1', 'p2']: }
service { 's': }
file { '/etc/c': }
Package <| |> -> File['/etc/c'] ~> Service['s']
[Package['p1'], File['/etc/c']] -> notify { 'last': }
