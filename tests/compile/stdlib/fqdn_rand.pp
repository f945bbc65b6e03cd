# stdlib: random numbers seeded by the node name
notify { 'fqdn_rand 1': message => fqdn_rand(60) }
notify { 'fqdn_rand 2': message => fqdn_rand(60, 'cron') }
notify { 'fqdn_rand 3': message => fqdn_rand('1000', 'x') }
notify { 'fqdn_rand 4': message => fqdn_rand(10000000000) }
notify { 'fqdn_rand 5': message => fqdn_rand_string(10) }
notify { 'fqdn_rand 6': message => fqdn_rand_string(8, 'abc') }
notify { 'fqdn_rand 7': message => fqdn_rand_string(12, undef, 'db password') }
notify { 'fqdn_rand 8': message => fqdn_rand_string('5', '') }
