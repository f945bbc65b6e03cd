notify { ['a', 'b', 'c']: }
$x = Notify['a'] -> Notify['b']
$x -> Notify['c']
