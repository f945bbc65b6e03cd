$a = inline_template('<%= "x".ljust(2000000000, "ab") %>')
