$r = ['x', 'y'].map |$i, $v| { "${i}:${v}" }
notify { 'r': message => $r }
