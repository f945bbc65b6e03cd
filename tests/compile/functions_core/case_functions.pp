notify { 'c':
  message => [upcase('hello'), downcase('HeLLo'), capitalize('hello world'), upcase(['a', 'b']), 'MiXeD'.downcase, camelcase('foo_bar_baz')],
}
