file { '/e': ensure => file, content => '' }
user { 'u': groups => [] }
notify { 'n': message => { 'empty_hash' => {}, 'empty_array' => [] } }
