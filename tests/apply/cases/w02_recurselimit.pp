# recurselimit stops recursion: only the first level gets the mode, and a
# source copy only copies one level.
$s = $facts['sandbox']
file { "${s}/tree": ensure => directory, recurse => true, recurselimit => 1, mode => '0700' }
file { "${s}/copy": ensure => directory, source => "${s}/src", recurse => true, recurselimit => 1 }
