# Ruby that does not parse.
notify { 'x':
  message => inline_template('<% if %>x<% end %>'),
}
