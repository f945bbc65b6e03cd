# Calling a method nil lacks (an unset variable) fails the compile.
notify { 'x':
  message => inline_template("first line\n<%= @nosuch.join(',') %>"),
}
