# In noop, guards still run and decide whether the exec would run.
$s = $facts['sandbox']
exec { 'would-run': command => "/bin/sh -c 'echo x >> ${s}/log'", unless => '/bin/false' }
exec { 'would-not': command => "/bin/sh -c 'echo y >> ${s}/log'", onlyif => '/bin/false' }
exec { 'explicit-noop': command => "/bin/sh -c 'echo z >> ${s}/log'", noop => true }
~> exec { 'after-noop': command => "/bin/sh -c 'echo w >> ${s}/log'", refreshonly => true }
