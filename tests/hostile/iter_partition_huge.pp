$a = 10000000000000.partition |$x| { true }
