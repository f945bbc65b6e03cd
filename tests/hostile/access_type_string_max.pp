fail("got ${String[9223372036854775807]}")
