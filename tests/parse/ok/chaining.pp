Package['x'] -> File['y'] ~> Service['z']
Service['z'] <- File['y'] <~ Package['x']
[Package['a'], Package['b']] -> File['c']
package { 'ntp': ensure => installed }
-> file { '/etc/ntp.conf': ensure => file }
~> service { 'ntpd': ensure => running }
User <| |> -> Group <| |>
Class['a'] -> Class['b']
