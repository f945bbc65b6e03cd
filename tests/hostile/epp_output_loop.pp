$a = inline_epp('<% 9223372036854775807.each |$x| { -%>abcdefghijklmnopqrstuvwxyz<% } -%>')
