# Numeric owners and groups without names, on existing files.
$s = $facts['sandbox']
file { "${s}/to-number": ensure => file, owner => 54321, group => 54322 }
file { "${s}/from-number": ensure => file, owner => 'root', group => 'root' }
