notify { 'n': message => [empty(undef), empty(''), empty(' '), empty([undef]), empty({}), empty(Sensitive(''))] }
