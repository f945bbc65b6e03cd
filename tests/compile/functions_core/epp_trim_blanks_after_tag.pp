# `-%>` trims the blanks after the tag as well as the line break (apt's
# source.list.epp: `deb <% if ... { -%>[...] <% } -%> <%= $location %>`).
$t = "deb <% if \$opts { -%>[x] <% } -%> <%= \$loc %>\n<% if true { -%>   \t  \nkept<% } -%>  tail\n"
notify { 'empty': message => inline_epp($t, { 'opts' => false, 'loc' => 'http://a' }) }
notify { 'set': message => inline_epp($t, { 'opts' => true, 'loc' => 'http://b' }) }
