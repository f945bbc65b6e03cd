notify { 'n': message => [sprintf('%s', [1, 'a', true]), sprintf('%s', {'a' => 1}), sprintf('%p', 'q'), sprintf('%s', undef), sprintf('%d', '12'), sprintf('%<a>s-%<b>05d', {'a' => 'x', 'b' => 7})] }
