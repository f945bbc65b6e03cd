Package['ghost'] -> file { '/b': }
