$v = [1, {'a' => [2, 3]}]
notify { 'n': message => [String($v, '%#s'), String({'x' => {'y' => 1}}, '%#p'), String([[]], '%#a'), String({'a' => {}}, '%#h')] }
