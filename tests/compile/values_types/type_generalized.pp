notify { 'types':
  message => [
    String(type(1, 'generalized')), String(type('abc', 'generalized')),
    String(type([1, 'a'], 'generalized')), String(type({ 'k' => 1 }, 'generalized')),
  ],
}
