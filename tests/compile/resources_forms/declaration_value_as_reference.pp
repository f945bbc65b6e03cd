$ref = file { '/tmp/one': ensure => file }
notify { 'r': message => "${ref}", require => $ref }
