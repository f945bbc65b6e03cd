notify { 'n': message => [String(10, '%x'), String(3.5, '%d'), String([1,2], '%(a'), String('x', '%p'), String({'a' => 1}, '%p'), String(255, '%#x')] }
