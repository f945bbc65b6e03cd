# Checks with shell syntax run through /bin/sh; a check that prints output.
$s = $facts['sandbox']
exec { 'shell-unless': command => "/usr/bin/touch ${s}/a", unless => "test -f ${s}/a && true", path => '/usr/bin:/bin' }
exec { 'shell-onlyif': command => "/usr/bin/touch ${s}/b", onlyif => "/bin/sh -c 'exit 0' | /bin/cat", creates => "${s}/b" }
