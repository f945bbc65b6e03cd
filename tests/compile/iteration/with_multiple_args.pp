$r = with(1, 'two', [3]) |$a, $b, $c| { "${a} ${b} ${c}" }
notify { 'n': message => $r }
