notify { 'esc': message => 'it\'s a \\ backslash, \n stays, $x stays' }
