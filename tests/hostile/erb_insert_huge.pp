$a = inline_template('<% a = []; a.insert(99999999999999, 1) %>')
