$r = ['', 'false', 0, 0.0, [], {}, undef, false].map |$v| { if $v { 'T' } else { 'F' } }
notify { 'n': message => $r.join }
