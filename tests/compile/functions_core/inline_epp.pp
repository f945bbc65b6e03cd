$content = inline_epp('<%= $x %> and <% [1, 2].each |$i| { -%><%= $i %>,<% } -%>', { 'x' => 'hello' })
notify { 'e': message => $content }
