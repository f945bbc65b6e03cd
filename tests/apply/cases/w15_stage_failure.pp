# A failure in an earlier stage skips everything in the later stages.
$s = $facts['sandbox']
stage { 'pre': before => Stage['main'] }
stage { 'post': require => Stage['main'] }
class early { exec { 'early-fails': command => '/bin/false' }  file { "${s}/early-ok": ensure => file, content => 'e' } }
class late { file { "${s}/late": ensure => file, content => 'l' } }
class { 'early': stage => 'pre' }
class { 'late': stage => 'post' }
file { "${s}/main": ensure => file, content => 'm' }
