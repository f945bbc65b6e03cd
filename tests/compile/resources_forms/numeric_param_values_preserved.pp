user { 'svc': uid => 1500, gid => '1500', groups => ['a', 'b'] }
exec { 'x': command => '/bin/true', timeout => 300, tries => 3, try_sleep => 1.5 }
