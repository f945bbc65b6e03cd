$a = 9223372036854775807.each |$x| { if $x == 5 { break() } }
fail("done")
