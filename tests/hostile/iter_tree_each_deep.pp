$a = 10000000000000.each |$x| { [$x].tree_each |$p| { } }
