# Puppet functions from templates: scope.function_x([args]) and
# scope.call_function('x', [args]).
$v = '2.4.1'
notify { 'versioncmp':
  message => inline_template('<%= scope.function_versioncmp([@v, "2.4"]) %> <%= scope.function_versioncmp(["1.0", @v]) %> <%= scope.call_function("versioncmp", ["3", "3"]) %>'),
}
notify { 'sprintf':
  message => inline_template('<%= scope.call_function("sprintf", ["%05.1f|%s", 3.14159, "x"]) %>'),
}
notify { 'join_upcase':
  message => inline_template('<%= scope.call_function("join", [["a", "b"], "-"]) %> <%= scope.function_upcase(["abc"]) %>'),
}
notify { 'inline_nested':
  message => inline_template('[<%= scope.function_inline_template(["<%= 1 + 1 %%>"]) %>]'),
}
