# A failure in a defined type skips its dependents transitively; a refresh
# to a skipped resource is dropped.
$s = $facts['sandbox']
define thing($s) {
  exec { "fail-${title}": command => '/bin/false' }
}
thing { 'a': s => $s }
file { "${s}/after-a": ensure => file, content => 'x', require => Thing['a'] }
~> exec { 'refresh-after': command => "/usr/bin/touch ${s}/refreshed", refreshonly => true }
file { "${s}/later": ensure => file, content => 'y', require => File["${s}/after-a"] }
