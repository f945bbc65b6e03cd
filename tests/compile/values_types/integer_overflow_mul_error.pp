notify { 'n': message => 9223372036854775807 * 2 }
