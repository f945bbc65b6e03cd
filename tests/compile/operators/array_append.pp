notify { 'a': message => [[1, 2] << 3, [1] << [2, 3]] }
