file { '/a': tag => ['UPPER', 'Mixed::Case'] }
