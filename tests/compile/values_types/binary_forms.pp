$b = Binary('hello', '%s')
notify { 'n': message => [String($b), String(Binary('aGVsbG8=')), $b.length, String(Binary([104, 105])), String(Binary('aGk=', '%B'))] }
