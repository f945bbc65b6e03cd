# A comment does not end the text around it: a later `<%-` trims the blanks
# left before earlier comments on their lines too (puppetlabs-apache's
# mod/jk.conf.epp: indented `<%# ... -%>` lines, then `<%- if ... -%>`).
# `<%#-` trims the blanks before the comment itself; `%%>` does not close a
# comment; `<%#%>` is an empty one.
$t = "A\n  <%# c1 -%>\n  <%# c2 -%>\n  <%- if true { -%>\n  <%# c3 -%>\nB\n  <%- } -%>\nC\n"
notify { 'trimmed': message => inline_epp($t) }
$u = "x  <%# one -%>\n  <%#- two %>|<%# a %%> b %>|<%#%>|\n  <%# kept before %>y\n"
notify { 'forms': message => inline_epp($u) }
