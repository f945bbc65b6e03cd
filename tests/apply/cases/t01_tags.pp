# --tags applies only tagged resources (class names and titles are tags).
$s = $facts['sandbox']
class web($s) { file { "${s}/web": ensure => file, content => 'w' } }
class db($s) { file { "${s}/db": ensure => file, content => 'd' } }
class { 'web': s => $s }
class { 'db': s => $s }
file { "${s}/tagged": ensure => file, content => 't', tag => 'extra' }
file { "${s}/untagged": ensure => file, content => 'u' }
