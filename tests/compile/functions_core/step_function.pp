notify { 's': message => [Integer[0, 9].step(3).map |$x| { $x }, [1, 2, 3, 4, 5].step(2).map |$x| { $x }] }
