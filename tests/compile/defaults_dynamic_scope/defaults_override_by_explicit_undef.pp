File { mode => '0644', owner => 'root' }
file { '/tmp/a': mode => undef }
file { '/tmp/b': owner => 'app' }
Notify { message => 'dflt' }
notify { 'x': }
notify { 'y': message => undef }
