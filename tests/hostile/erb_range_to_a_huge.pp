$a = inline_template('<%= (1..10000000000000).to_a.size %>')
