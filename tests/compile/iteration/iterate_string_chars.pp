$chars = 'abc'.map |$c| { $c }
notify { 'chars': message => $chars }
