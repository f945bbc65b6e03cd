define d($a = 1) { }
d { 'x':
  a => 1,
  b => 2,
}
