# A failure inside a class skips whatever requires the class; the rest goes on.
$s = $facts['sandbox']
class broken($s) {
  exec { 'fails': command => '/bin/false' }
  file { "${s}/in-broken": ensure => file, content => 'b' }
}
class { 'broken': s => $s }
file { "${s}/needs-class": ensure => file, content => 'n', require => Class['broken'] }
file { "${s}/independent": ensure => file, content => 'i' }
exec { 'chained': command => "/usr/bin/touch ${s}/chained", require => File["${s}/needs-class"] }
