$arr = ['a', 'b']
$h = { 'k' => 'v' }
$s = 'str'
notify { 'n': message => ["$arr[1]", "$h[k]", "$s.upcase", "${s.upcase}", "$s-x", "${s}_x", "$s::x"] }
