@user { ['u1', 'u2', 'u3']: ensure => present }
realize([User['u1'], User['u2']])
realize(User['u1'])
