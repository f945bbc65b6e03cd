$r = [3, 1, 2].sort.map |$x| { $x * 2 }.filter |$x| { $x > 2 }.reverse_each.map |$x| { $x }
notify { 'n': message => $r }
