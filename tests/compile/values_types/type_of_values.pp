notify { 'types':
  message => [
    String(type(1)), String(type(1.5)), String(type('s')), String(type(true)),
    String(type([1])), String(type({ 'a' => 1 })), String(type(undef)),
  ],
}
