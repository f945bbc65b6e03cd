$a = inline_template('<%= 9223372036854775807 * 2 %>')
