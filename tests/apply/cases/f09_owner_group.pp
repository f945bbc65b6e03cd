# Owner and group by name and by id; unknown names fail (or pend in noop).
$s = $facts['sandbox']
file { "${s}/by-name": ensure => file, content => 'n', owner => 'daemon', group => 'daemon' }
file { "${s}/by-id": ensure => file, content => 'i', owner => 2, group => 2 }
file { "${s}/root": ensure => file, content => 'r', owner => 'root', group => 'root' }
file { "${s}/unknown-user": ensure => file, content => 'u', owner => 'no-such-user-kuppet' }
file { "${s}/unknown-group": ensure => file, content => 'g', group => 'no-such-group-kuppet' }
file { "${s}/dir": ensure => directory, owner => 'daemon' }
