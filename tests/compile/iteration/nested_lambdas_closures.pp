$outer = 'O'
$r = [1, 2].map |$a| { ['x', 'y'].map |$b| { "${outer}${a}${b}" } }
$s = {'a' => [1, 2], 'b' => [3]}.map |$k, $vs| { $vs.map |$v| { "${k}${v}" } }.flatten
notify { 'n': message => [$r, $s] }
