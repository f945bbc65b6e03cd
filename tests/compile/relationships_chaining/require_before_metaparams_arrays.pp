notify { 'a': before => [Notify['b'], Notify['c']] }
notify { 'b': require => Notify['c'] }
notify { 'c': subscribe => [] }
notify { 'd': notify => Notify['a'], require => [Notify['a']] }
