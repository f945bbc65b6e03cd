file { '/x': mode => 644, owner => 0, group => 'root' }
