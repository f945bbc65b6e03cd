# environment can override PATH for lookups of an unqualified command, hold
# values with '=' and be given as one string; the path attribute as an array.
$s = $facts['sandbox']
exec { 'env-path': command => "sh -c 'echo \$PATH > ${s}/env-path'", path => '/usr/bin:/bin', environment => ['PATH=/bin'], creates => "${s}/env-path" }
exec { 'equals': command => "/bin/sh -c 'echo \"\$OPTS\" > ${s}/equals'", environment => 'OPTS=a=b=c', creates => "${s}/equals" }
exec { 'path-array': command => "touch ${s}/path-array", path => ['/nonexistent', '/usr/bin', '/bin'], creates => "${s}/path-array" }
exec { 'dup-var': command => "/bin/sh -c 'echo \"\$V\" > ${s}/dup'", environment => ['V=first', 'V=second'], creates => "${s}/dup" }
