$a = inline_template('<%= "%.9999999999f" % 1.0 %>')
