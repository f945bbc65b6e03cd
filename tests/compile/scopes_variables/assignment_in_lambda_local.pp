$x = 'outer'
[1].each |$i| { $x = 'inner' notify { 'in': message => $x } }
notify { 'out': message => $x }
