$b = Binary("aGVsbG8=")[1, 9223372036854775807]
fail("got ${b}")
