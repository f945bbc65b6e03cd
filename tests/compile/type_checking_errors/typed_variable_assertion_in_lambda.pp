$r = [1, 2].map |Integer[0] $x| { $x }
notify { 'r': message => $r }
