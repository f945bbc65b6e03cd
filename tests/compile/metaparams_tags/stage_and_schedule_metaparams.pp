schedule { 'nightly': range => '2 - 4', period => daily, repeat => 1 }
exec { 'backup': command => '/bin/true', schedule => 'nightly', loglevel => 'debug', noop => true, audit => ['mode'] }
