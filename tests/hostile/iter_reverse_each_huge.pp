$a = 10000000000000.reverse_each |$x| { }
