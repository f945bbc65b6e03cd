$a = inline_template('<%= "x" * -1 %>')
