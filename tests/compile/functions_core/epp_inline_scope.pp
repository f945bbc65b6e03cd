class c ($v = 'cv') {
  $local = 'L'
  notify { 'c': message => inline_epp("<% if \$local == 'L' { -%>\nlocal=<%= \$local %> v=<%= \$v %>\n<% } else { %>no<% } -%>") }
}
include c
