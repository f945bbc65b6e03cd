file { '/x': before => Service['nope'] }
