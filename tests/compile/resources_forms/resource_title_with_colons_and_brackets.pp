notify { 'a::b': }
notify { 'x[1]': }
notify { 'y': require => [Notify['a::b'], Notify['x[1]']] }
