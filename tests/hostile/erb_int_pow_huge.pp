$a = inline_template('<%= 2 ** 9999999999 %>')
