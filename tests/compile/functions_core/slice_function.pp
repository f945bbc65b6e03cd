notify { 's': message => [[1, 2, 3, 4, 5].slice(2).map |$x| { $x }] }
