$r = File['/etc/hosts']
notify { 'r': message => "${r} ${Package['x']} ${Class['main']}" }
