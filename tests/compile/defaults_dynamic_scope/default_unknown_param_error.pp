File { colour => 'red' }
file { '/tmp/x': }
