notify { 'b': message => String(Binary('aGVsbG8=')) }
