# A cycle through defined types and autorequire.
$s = $facts['sandbox']
define d($dep) { exec { "d-${title}": command => '/bin/true', require => $dep } }
d { 'one': dep => File["${s}/x"] }
file { "${s}/x": ensure => file, before => D['two'] }
d { 'two': dep => D['one'] }
file { "${s}/x/..": ensure => directory }
