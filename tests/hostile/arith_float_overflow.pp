$a = 1e308 * 10
fail("got ${a}")
