notify { 's': message => shellquote('echo', 'hello world', "it's") }
