$a = inline_epp('<%= sprintf("%9999999999999s", "x") %>')
