# Recursive directory management from a local source.
$s = $facts['sandbox']
file { "${s}/copy": ensure => directory, source => "${s}/src", recurse => true }
