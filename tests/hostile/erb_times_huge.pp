$a = inline_template('<% 10000000000000.times do end %>')
