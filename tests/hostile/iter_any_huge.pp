$a = 10000000000000.any |$x| { false }
