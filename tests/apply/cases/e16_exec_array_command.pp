# A command given as an array runs without a shell.
$s = $facts['sandbox']
exec { 'array': command => ['/bin/sh', '-c', "echo 'array form' > ${s}/out"] }
exec { 'array-guard': command => ['/usr/bin/touch', "${s}/guarded"], creates => "${s}/guarded" }
