$a = inline_epp('<% 10000000000000.each |$x| { %>x<% } %>')
