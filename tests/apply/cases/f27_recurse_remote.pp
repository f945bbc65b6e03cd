# recurse => remote only manages what the source has; local extras stay
# untouched even with a mode; purge without force keeps directories.
$s = $facts['sandbox']
file { "${s}/remote": ensure => directory, source => "${s}/src", recurse => remote, mode => '0640' }
file { "${s}/purged": ensure => directory, source => "${s}/src", recurse => true, purge => true }
