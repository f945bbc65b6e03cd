file { '/tmp//x': }
file { '/tmp/x': }
