class base ($a = 'base-a') { notify { 'base': message => $a } }
class child ($b = 'child-b') inherits base { notify { 'child': message => "${a} ${b}" } }
class { 'child': b => 'given' }
