# A missing parent directory fails the resource; its dependents are skipped.
$s = $facts['sandbox']
file { "${s}/no/such/dir": ensure => directory }
-> file { "${s}/after": ensure => file, content => 'a' }
file { "${s}/nodir/file": ensure => file, content => 'x' }
file { "${s}/ok": ensure => file, content => 'ok' }
