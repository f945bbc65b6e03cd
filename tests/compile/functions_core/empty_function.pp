notify { 'e': message => [empty(''), empty([]), empty({}), empty('x'), empty([undef]), empty(undef)] }
