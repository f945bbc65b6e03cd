$r = 'abc'.split('').map |$c| { $c.upcase }
notify { 'n': message => $r.join('-') }
