file { '/a': tag => 'has space' }
