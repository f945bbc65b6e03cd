exec { '/usr/bin/true': }
exec { 'named': command => '/usr/bin/true' }
