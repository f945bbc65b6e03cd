$r = [1].map |$x| { $inner = $x + 1; $inner }
notify { 'r': message => [$r, "[${inner}]"] }
