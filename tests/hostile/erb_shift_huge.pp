$a = inline_template('<%= 1 << 9999999999 %>')
