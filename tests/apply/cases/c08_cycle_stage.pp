# A cycle between stages through their classes.
$s = $facts['sandbox']
stage { 'pre': before => Stage['main'] }
class early { exec { 'early': command => '/bin/true', require => Exec['main-exec'] } }
class { 'early': stage => 'pre' }
exec { 'main-exec': command => '/bin/true' }
