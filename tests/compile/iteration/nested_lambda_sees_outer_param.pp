$r = [1, 2].map |$a| { [10, 20].map |$b| { $a * $b } }
notify { 'r': message => $r }
