$b = Binary("aGVsbG8=")[-9223372036854775808]
fail("got ${b}")
