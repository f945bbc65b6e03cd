# Paths with spaces, unicode and brackets; a trailing slash in the title.
$s = $facts['sandbox']
file { "${s}/with space": ensure => file, content => 'sp' }
file { "${s}/ünï": ensure => directory }
file { "${s}/ünï/[x]": ensure => file, content => 'br' }
file { "${s}/trail/": ensure => directory }
file { "${s}/trail/inner": ensure => file, content => 'in' }
