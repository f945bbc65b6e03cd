$r = case 'b' { 'a': { 1 } 'b': { 2 } default: { 3 } }
notify { 'r': message => $r }
