notify { 'a': before => Class['main'] }
