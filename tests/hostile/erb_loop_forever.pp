$a = inline_template('<% loop do end %>')
