File { owner => 'www' }
file { '/tmp/a': ensure => file }
notify { 'owner': message => "[${File['/tmp/a']['owner']}]" }
