$d = {'a' => [1, {'b' => 2}], 'c' => {'d' => [3, 4]}, 'e' => 'x'}
notify { 'n': message => [String($d, '%#h'), String([1, [2, [3, 4]], 5, {'k' => 'v'}, 6], '%#a'), String([[1, 2], [3]], '%#p'), String({'a' => 1, 'b' => 2}, {Hash => {'format' => '%#h', 'separator' => ';'}}), String(['aaaa', 'bbbb', 'cccc'], '%#10a'), String([], '%#a'), String({}, '%#h')] }
