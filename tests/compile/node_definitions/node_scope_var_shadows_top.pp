$v = 'top'
node default { $v = 'node' notify { 'n': message => [$v, $::v] } }
