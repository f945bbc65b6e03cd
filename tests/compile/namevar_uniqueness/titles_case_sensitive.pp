file { '/tmp/A': }
file { '/tmp/a': }
notify { 'Hello': }
notify { 'hello': }
