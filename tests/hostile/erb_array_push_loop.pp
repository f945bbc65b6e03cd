$a = inline_template('<% a = []; loop { a << 1 } %>')
