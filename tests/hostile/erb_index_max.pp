$a = inline_template('<%= [1,2,3][1, 9223372036854775807].inspect %>')
fail("got ${a}")
