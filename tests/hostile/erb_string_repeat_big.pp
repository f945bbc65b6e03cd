$a = inline_template('<%= "xy" * 1000000000 %>')
