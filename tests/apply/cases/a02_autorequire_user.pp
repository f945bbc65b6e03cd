# Files autorequire their owner and group, execs their cwd and command file,
# links their target.
$s = $facts['sandbox']
file { "${s}/link": ensure => link, target => "${s}/target" }
file { "${s}/target": ensure => file, content => 't' }
exec { 'in-dir': command => "/bin/sh -c 'pwd > ${s}/cwd-out'", cwd => "${s}/work" }
file { "${s}/work": ensure => directory }
exec { 'script': command => "${s}/script.sh" }
file { "${s}/script.sh": ensure => file, mode => '0755', content => "#!/bin/sh\necho script >> \"\$(dirname \"\$0\")/log\"\n" }
