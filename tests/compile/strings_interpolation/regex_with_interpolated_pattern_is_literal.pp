$x = 'abc'
notify { 'r': message => ['a${x}' =~ /\$\{x\}/, "axb" =~ /a.b/] }
