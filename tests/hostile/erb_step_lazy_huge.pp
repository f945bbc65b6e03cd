$a = inline_template('<% 1.step(10000000000000, 1) do |i| end %>')
