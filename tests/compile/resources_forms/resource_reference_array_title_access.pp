notify { ['a', 'b']: message => 'm' }
notify { 'x': message => [Notify['a', 'b'], Notify[['a']], Notify['a']['message']] }
