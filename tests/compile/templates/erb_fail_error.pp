# scope.function_fail from a template fails the compile with its message.
$mode = 'bad'
notify { 'x':
  message => inline_template('<% if @mode == "bad" %><%= scope.function_fail(["mode must not be #{@mode}"]) %><% end %>'),
}
