# A cycle through a class relationship and autorequire.
$s = $facts['sandbox']
class inner($s) {
  file { "${s}/dir/file": ensure => file, content => 'x' }
}
class { 'inner': s => $s }
file { "${s}/dir": ensure => directory, require => Class['inner'] }
