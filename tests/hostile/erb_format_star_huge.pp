$a = inline_template('<%= "%*s" % [9999999999999, "x"] %>')
