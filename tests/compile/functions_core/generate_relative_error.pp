notify { 'x': message => generate('echo', 'hi') }
