$a = inline_template('<% s = "x"; 100.times { s << s } %><%= s.size %>')
