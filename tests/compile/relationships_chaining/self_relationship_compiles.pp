file { '/tmp/self': }
File['/tmp/self'] -> File['/tmp/self']
