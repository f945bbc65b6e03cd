# Arrays in before/require/notify and chains of arrays.
$s = $facts['sandbox']
exec { 'z': command => "/bin/sh -c 'echo z >> ${s}/log'", require => [Exec['y'], Exec['x']] }
exec { 'y': command => "/bin/sh -c 'echo y >> ${s}/log'" }
exec { 'x': command => "/bin/sh -c 'echo x >> ${s}/log'", before => [Exec['y']] }
exec { 'w': command => "/bin/sh -c 'echo w >> ${s}/log'" }
[Exec['w'], Exec['v']] -> Exec['x']
exec { 'v': command => "/bin/sh -c 'echo v >> ${s}/log'" }
