function local::f(Integer $a, String $b = 'x') { "${a}${b}" }
notify { 'ok': message => local::f(1) }
notify { 'bad': message => local::f('1') }
