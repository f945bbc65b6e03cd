$a = 10000000000000.filter |$x| { false }
