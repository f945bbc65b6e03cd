# stdlib: ranges of numbers and strings
notify { 'range 1': message => range(1, 5) }
notify { 'range 2': message => range('1', '5') }
notify { 'range 3': message => range(5, 1) }
notify { 'range 4': message => range(1, 10, 3) }
notify { 'range 5': message => range(1, 10, -3) }
notify { 'range 6': message => range('a', 'e') }
notify { 'range 7': message => range('a', 'e', 2) }
notify { 'range 8': message => range('1..3') }
notify { 'range 9': message => range('1...3') }
notify { 'range 10': message => range('1-3') }
notify { 'range 11': message => range('a..c') }
notify { 'range 12': message => range('host01', 'host03') }
notify { 'range 13': message => range('00', '03') }
notify { 'range 14': message => range('aa', 'ad') }
notify { 'range 15': message => range('a', 'E') }
notify { 'range 16': message => range('x8', 'y1') }
