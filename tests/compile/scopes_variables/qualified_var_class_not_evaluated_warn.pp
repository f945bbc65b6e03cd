class a { $v = 1 }
notify { 'n': message => "x${a::v}y" }
