# A resource that requires itself via a class.
$s = $facts['sandbox']
class a { exec { 'a': command => '/bin/true', require => Class['b'] } }
class b { exec { 'b': command => '/bin/true', require => Class['a'] } }
include a, b
exec { 'unrelated': command => '/bin/true' }
