notify { 's':
  message => [String(1.0), String([1, 'two']), String({ 'k' => 'v' }), String(true), String(undef)],
}
