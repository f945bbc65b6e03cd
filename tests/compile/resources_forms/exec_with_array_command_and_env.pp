exec { 'run': command => ['/bin/echo', 'hi'], environment => ['A=1', 'B=2'], path => ['/bin', '/usr/bin'], unless => 'test -f /x', timeout => 30, tries => 2 }
