$base = 10
$r = [1, 2].map |$a| { [100].map |$b| { $a + $b + $base } }
notify { 'n': message => $r }
