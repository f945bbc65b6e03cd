notify { 'd': message => [md5('abc'), sha1('abc'), sha256('abc')] }
