# owner and group given as numeric strings, names and ids mixed; changes of
# an existing file's ownership.
$s = $facts['sandbox']
file { "${s}/str-ids": ensure => file, content => 's', owner => '1', group => '1' }
file { "${s}/mixed": ensure => file, content => 'm', owner => 'daemon', group => 2 }
file { "${s}/existing": ensure => file, owner => 'bin', group => 'bin' }
file { "${s}/already": ensure => file, owner => 'root', group => 0 }
file { "${s}/dir-group-only": ensure => directory, group => 'daemon' }
