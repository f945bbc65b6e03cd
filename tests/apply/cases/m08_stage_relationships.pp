# A failure in an earlier stage skips every later stage.
$s = $facts['sandbox']
stage { 'first': before => Stage['main'] }
class setup { exec { 'setup-fails': command => '/bin/false' } }
class { 'setup': stage => 'first' }
exec { 'main-exec': command => "/bin/sh -c 'echo main >> ${s}/log'" }
