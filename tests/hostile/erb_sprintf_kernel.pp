$a = inline_template('<%= sprintf("%9999999999999d", 1) %>')
