$x = 'other'
notify { 'sel':
  message => $x ? { 'a' => 'is a', default => 'not a' },
}
