# user runs the command as another user; environment as a string and array,
# overriding PATH; umask.
$s = $facts['sandbox']
file { "${s}/shared": ensure => directory, mode => '0777' }
-> exec { 'as-nobody': command => "/bin/sh -c 'id -un > ${s}/shared/who'", user => 'nobody' }
exec { 'env-string': command => "/bin/sh -c 'echo \$ONE > ${s}/env1'", environment => 'ONE=1' }
exec { 'env-path': command => 'sh -c "echo \$PATH > $OUT"', environment => ["OUT=${s}/env2", 'PATH=/usr/bin:/bin'], path => '/bin' }
exec { 'umask': command => "/bin/sh -c 'touch ${s}/masked'", umask => '077' }
