$s = Sensitive([1, 2])
notify { 'n': message => [$s.unwrap, $s.unwrap |$v| { $v.length }, String($s)] }
