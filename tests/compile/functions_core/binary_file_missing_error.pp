notify { 'x': message => binary_file('m/nope.bin') }
