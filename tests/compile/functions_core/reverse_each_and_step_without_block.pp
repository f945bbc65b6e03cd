notify { 'n': message => [[1, 2, 3].reverse_each.map |$x| { $x }, 10.step(4).map |$x| { $x }, [1, 2, 3, 4, 5].step(2).map |$x| { $x }] }
