file { '/a': } -> Class['nosuch']
