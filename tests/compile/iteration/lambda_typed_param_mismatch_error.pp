$r = ['a', 1].map |String $x| { $x }
