# before and require between classes and resources inside other classes; a
# failure in the first class skips only what depends on it.
$s = $facts['sandbox']
class base {
  exec { 'base-fails': command => '/bin/false' }
  file { "${s}/base-ok": ensure => file, content => 'b' }
}
class app {
  file { "${s}/app": ensure => file, content => 'a' }
}
class unrelated {
  file { "${s}/unrelated": ensure => file, content => 'u', before => File["${s}/app"] }
}
include base, app, unrelated
Class['base'] -> Class['app']
file { "${s}/needs-base-ok": ensure => file, content => 'n', require => File["${s}/base-ok"] }
