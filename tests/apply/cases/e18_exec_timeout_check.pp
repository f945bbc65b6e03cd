# A guard that times out; a command that times out with tries.
$s = $facts['sandbox']
exec { 'slow-check': command => "/bin/sh -c 'echo x >> ${s}/log'", unless => '/bin/sleep 5', timeout => 1 }
exec { 'slow-tries': command => '/bin/sleep 3', timeout => 1, tries => 2 }
