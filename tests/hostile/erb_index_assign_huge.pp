$a = inline_template('<% a = []; a[99999999999999] = 1 %>')
