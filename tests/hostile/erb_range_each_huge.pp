$a = inline_template('<% (1..10000000000000).each do |i| end %>')
