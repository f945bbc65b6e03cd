# Changing owner and group of existing files, by name and by number; a
# numeric owner that no user has; the messages name what was there.
$s = $facts['sandbox']
file { "${s}/to-nobody": ensure => file, owner => 'nobody', group => 'nogroup' }
file { "${s}/to-ids": ensure => file, owner => 1, group => 1 }
file { "${s}/unnamed-id": ensure => file, content => 'u', owner => 54321, group => 54321 }
file { "${s}/keep-root": ensure => file, owner => 0, group => 'root' }
file { "${s}/dir-owner": ensure => directory, owner => 'daemon', group => 'daemon', mode => '0700' }
