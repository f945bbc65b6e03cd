$a = inline_template('<% 1.upto(10000000000000) do |i| end %>')
