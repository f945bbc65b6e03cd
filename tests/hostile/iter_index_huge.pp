$a = 10000000000000.index |$x| { false }
