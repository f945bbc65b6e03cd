notify { 'n': message => [md5(''), sha1('x'), sha256('hello')] }
