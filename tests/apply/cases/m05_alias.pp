# alias names a resource for relationships.
$s = $facts['sandbox']
exec { 'second': command => "/bin/sh -c 'echo second >> ${s}/log'", require => File['conf'] }
file { "${s}/conf.txt": ensure => file, content => 'c', alias => 'conf' }
