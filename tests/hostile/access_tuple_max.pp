fail("got ${Tuple[Integer, 1, 9223372036854775807]}")
