# Among ready resources the one written first goes first, even when it
# became ready late.
$s = $facts['sandbox']
exec { 'a': command => "/bin/sh -c 'echo a >> ${s}/log'", require => Exec['d'] }
exec { 'b': command => "/bin/sh -c 'echo b >> ${s}/log'" }
exec { 'c': command => "/bin/sh -c 'echo c >> ${s}/log'", require => Exec['b'] }
exec { 'd': command => "/bin/sh -c 'echo d >> ${s}/log'" }
exec { 'e': command => "/bin/sh -c 'echo e >> ${s}/log'" }
