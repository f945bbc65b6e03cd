$s = $facts['sandbox']
file { "${s}/cfg": ensure => file, content => "v2\n", mode => '0600' }
~> exec { 'reload': command => "/bin/sh -c 'cat ${s}/cfg >> ${s}/log'", refreshonly => true }
exec { 'seed': command => "/bin/sh -c 'echo v1 > ${s}/cfg'", creates => "${s}/cfg", before => File["${s}/cfg"] }
