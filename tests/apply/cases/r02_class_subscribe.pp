# Subscribing to a class: any change inside it refreshes the subscriber once.
$s = $facts['sandbox']
class config($dir) {
  file { "${dir}/a.conf": ensure => file, content => 'a' }
  file { "${dir}/b.conf": ensure => file, content => 'b' }
  file { "${dir}/c.conf": ensure => file, content => 'c', noop => true }
}
class { 'config': dir => $s }
exec { 'reload': command => "/bin/sh -c 'echo reload >> ${s}/log'", refreshonly => true, subscribe => Class['config'] }
exec { 'unrelated': command => "/bin/sh -c 'echo unrelated >> ${s}/log'", refreshonly => true }
