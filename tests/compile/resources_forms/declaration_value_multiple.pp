$refs = package { ['a', 'b']: }
notify { 'n': require => $refs }
