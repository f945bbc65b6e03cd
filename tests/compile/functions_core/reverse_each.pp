$r = reverse_each([1, 2, 3]).map |$x| { $x * 2 }
$s = []
notify { 'r': message => $r }
