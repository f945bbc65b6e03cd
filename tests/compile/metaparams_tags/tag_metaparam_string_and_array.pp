file { '/a': tag => 'single' }
file { '/b': tag => ['one', 'two'] }
