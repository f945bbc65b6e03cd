$a = inline_template('<%= Array.new(99999999999999).size %>')
