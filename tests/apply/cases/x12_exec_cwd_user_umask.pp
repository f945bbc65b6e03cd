# exec with cwd, numeric user/group and umask: what the command sees.
$s = $facts['sandbox']
exec { 'in-cwd': command => '/bin/sh -c "pwd > where"', cwd => "${s}/dir", creates => "${s}/dir/where" }
exec { 'masked': command => "/usr/bin/touch ${s}/masked", umask => '027', creates => "${s}/masked" }
exec { 'masked-dir': command => "/bin/mkdir ${s}/mdir", umask => '0077', creates => "${s}/mdir" }
exec { 'as-ids': command => '/bin/sh -c "id -u; id -g"', user => 65534, group => 65534, cwd => '/', logoutput => true }
exec { 'as-root-ids': command => "/bin/sh -c 'id -u > ${s}/uid'", user => 0, group => '0', creates => "${s}/uid" }
