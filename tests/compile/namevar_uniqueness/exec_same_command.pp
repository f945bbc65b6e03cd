exec { 'first': command => '/bin/true' }
exec { 'second': command => '/bin/true' }
