# A cwd that does not exist fails the exec; a relative creates is refused?
$s = $facts['sandbox']
exec { 'bad-cwd': command => '/bin/pwd', cwd => "${s}/no-such-dir" }
exec { 'good-cwd': command => "/bin/sh -c 'pwd > ${s}/where'", cwd => '/tmp' }
