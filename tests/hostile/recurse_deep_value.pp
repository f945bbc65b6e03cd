$a = 3000.reduce(1) |$m, $x| { [$m] }
fail("depth ${a.flatten}")
