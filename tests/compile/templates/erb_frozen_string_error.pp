# Puppet strings are frozen in templates: appending to one fails.
$s = 'abc'
notify { 'x':
  message => inline_template('<% @s << "d" %><%= @s %>'),
}
