notify { 'n': message => 'x'.nosuchfunction }
