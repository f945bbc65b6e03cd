# Relationships to and from tidies: a file before a tidy, a class that
# requires a tidy, a tidy that requires a failing exec (so it is skipped).
$s = $facts['sandbox']
file { "${s}/dir": ensure => directory }
-> tidy { "${s}/dir": recurse => true, matches => '*.tmp' }
class after { file { "${facts['sandbox']}/after": ensure => file, content => 'x' } }
class { 'after': require => Tidy["${s}/dir"] }
exec { 'fail': command => '/bin/false' }
-> tidy { "${s}/blocked": recurse => true }
