$foo::bar = 1
