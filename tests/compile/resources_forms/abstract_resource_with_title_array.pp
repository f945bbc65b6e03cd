Resource['package'] { ['r1', 'r2']: ensure => installed }
