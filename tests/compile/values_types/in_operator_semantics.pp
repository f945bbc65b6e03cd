notify { 'n': message => ['a' in 'CAT', 'A' in ['a', 'b'], 1 in [1.0], /b/ in ['abc'], Integer in [1, 'x'], 'k' in { 'K' => 1, 'k' => 2 }, 'x' in 'xyz', [1] in [[1], 2], 'ab' in 'xaby'] }
