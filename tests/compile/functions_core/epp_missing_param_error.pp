notify { 'x': message => inline_epp('<%| String $must |%>v=<%= $must %>') }
