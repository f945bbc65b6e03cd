$s = $facts['sandbox']
file { "${s}/work": ensure => directory }
exec { 'make': command => '/bin/sh -c "echo built > out"', cwd => "${s}/work", creates => "${s}/work/out" }
exec { 'fails-once': command => '/bin/false', returns => [0, 1] }
exec { 'env': command => "/bin/sh -c 'echo \$GREETING > ${s}/env'", environment => ['GREETING=hi'] }
