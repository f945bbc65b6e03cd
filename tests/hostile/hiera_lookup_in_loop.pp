$a = 10000000000000.each |$x| { lookup("a") }
