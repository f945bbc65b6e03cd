$h = {'a' => {'b' => ['x', 'y']}, 'n' => 3}
$arr = ['p', 'q', 'r']
notify { 'n': message => ["${h['a']['b'][1]}", "${arr[-1]}", "${arr[0, 2]}", "${h['n'] + 1}", "${h.keys}", "${arr.map |$v| { $v.upcase }}", "pre${h['missing']}post", "${h['a']}"] }
