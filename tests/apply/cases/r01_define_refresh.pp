# A defined type that receives a refresh passes it to everything inside.
$s = $facts['sandbox']
define app::instance($dir) {
  exec { "restart-${title}": command => "/bin/sh -c 'echo restart-${title} >> ${dir}/log'", refreshonly => true }
  exec { "other-${title}": command => "/bin/sh -c 'echo other-${title} >> ${dir}/log'", refreshonly => true }
}
app::instance { 'one': dir => $s }
app::instance { 'two': dir => $s }
file { "${s}/config": ensure => file, content => 'c', notify => App::Instance['one'] }
