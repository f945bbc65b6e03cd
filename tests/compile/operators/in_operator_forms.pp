notify { 'in':
  message => [
    'b' in ['a', 'b'], 'eat' in 'breakfast', 'EAT' in 'breakfast', 'a' in { 'a' => 1 }, 1 in { 1 => 'x' },
    /^b/ in ['abc', 'bcd'], Integer in ['a', 3], 'c' in ['a', 'b'], 1 in [1.0], '1' in [1],
  ],
}
