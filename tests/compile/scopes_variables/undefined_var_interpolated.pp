notify { 'n': message => "x${undefined_thing}y" }
