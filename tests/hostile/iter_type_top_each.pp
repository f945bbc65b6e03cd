Integer[9223372036854775800, 9223372036854775807].each |$x| { notice($x) }
fail("done")
