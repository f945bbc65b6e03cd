# --tags with --noop and a failing untagged resource that is never run.
$s = $facts['sandbox']
exec { 'untagged-fails': command => '/bin/false' }
file { "${s}/tagged": ensure => file, content => 't', tag => 'only', require => Exec['untagged-fails'] }
