$x = 'q'
notify { 'n':
  message => $x ? { 'a' => 1 },
}
