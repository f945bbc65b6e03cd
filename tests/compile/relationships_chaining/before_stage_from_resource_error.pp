file { '/tmp/x': before => Stage['main'] }
