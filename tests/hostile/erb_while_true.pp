$a = inline_template('<% while true do end %>')
