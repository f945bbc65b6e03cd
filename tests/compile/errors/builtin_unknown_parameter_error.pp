file { '/x': nosuch => 1 }
