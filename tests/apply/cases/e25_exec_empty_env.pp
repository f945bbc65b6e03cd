# An empty environment setting warns once; a duplicated one overrides.
$s = $facts['sandbox']
exec { 'empty': command => "/bin/sh -c 'echo \"[\$EMPTY]\" > ${s}/out'", environment => ['EMPTY='] }
exec { 'dup': command => "/bin/sh -c 'echo \$X > ${s}/dup'", environment => ['X=1', 'X=2'] }
