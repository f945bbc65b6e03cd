notify { 'mixed':
  message => [true, false, undef, 'x'],
}
