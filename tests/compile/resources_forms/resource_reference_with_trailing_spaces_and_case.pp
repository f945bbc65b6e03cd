notify { 'Mixed Case': }
notify { 'ref': message => "${Notify['Mixed Case']}", require => Notify['Mixed Case'] }
