# A recursive directory whose dependency failed: it and its children are
# skipped; an exec after it too.
$s = $facts['sandbox']
exec { 'fails': command => '/bin/false' }
-> file { "${s}/tree": ensure => directory, recurse => true, mode => '0700' }
-> exec { 'after': command => "/bin/sh -c 'echo after >> ${s}/log'" }
file { "${s}/ok": ensure => directory, recurse => true, owner => 'root' }
