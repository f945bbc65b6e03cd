notify { 'm':
  message => [
    'web-01'.match(/^(\w+)-(\d+)$/), match('nomatch', /\d/), ['a1', 'b2', 'cc'].match(/(\w)(\d)/),
  ],
}
