$r = ['a', 'b', 'c'].reduce('') |$acc, $x| { "${acc}${x}" }
notify { 'r': message => $r }
