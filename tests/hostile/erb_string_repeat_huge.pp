$a = inline_template('<%= "x" * 99999999999999 %>')
