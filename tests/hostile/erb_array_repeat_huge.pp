$a = inline_template('<%= ([1] * 99999999999999).size %>')
