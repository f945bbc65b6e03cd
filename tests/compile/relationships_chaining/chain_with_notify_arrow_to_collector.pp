file { '/etc/cfg': ensure => file }
service { ['a', 'b']: }
File['/etc/cfg'] ~> Service <| |>
