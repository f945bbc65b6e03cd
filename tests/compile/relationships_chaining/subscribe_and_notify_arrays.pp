file { ['/a', '/b']: }
exec { 'reload': command => '/bin/true', refreshonly => true, subscribe => [File['/a'], File['/b']] }
service { 's': subscribe => File['/a'], notify => Exec['reload'] }
