exec { 'runit': command => '/bin/true', alias => 'myexec' }
notify { 'n': require => Exec['myexec'] }
