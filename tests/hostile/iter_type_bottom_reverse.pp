Integer[-9223372036854775807, -9223372036854775800].reverse_each |$x| { notice($x) }
fail("done")
