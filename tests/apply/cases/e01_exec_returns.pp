# returns: accepted exit codes; output logged on failure, always, or never.
$s = $facts['sandbox']
exec { 'two-ok': command => "/bin/sh -c 'echo two >> ${s}/log; exit 2'", returns => [0, 2] }
exec { 'string-code': command => "/bin/sh -c 'exit 3'", returns => '3' }
exec { 'mismatch': command => "/bin/sh -c 'echo boom; exit 5'", returns => [0, 1] }
exec { 'loud': command => "/bin/sh -c 'echo line one; echo line two'", logoutput => true, creates => "${s}/never" }
exec { 'quiet-fail': command => "/bin/sh -c 'echo hidden; exit 1'", logoutput => false }
exec { 'array-cmd': command => ['/bin/sh', '-c', "echo array >> ${s}/log"] }
