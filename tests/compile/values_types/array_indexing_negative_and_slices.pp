$a = ['a', 'b', 'c', 'd', 'e']
notify { 'last': message => $a[-1] }
notify { 'slice': message => $a[1, 2] }
notify { 'tail': message => $a[-2, 2] }
notify { 'out': message => "[${a[10]}]" }
