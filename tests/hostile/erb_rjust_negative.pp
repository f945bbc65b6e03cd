$a = inline_template('<%= "x".rjust(-9223372036854775808) %>')
fail("got ${a}")
