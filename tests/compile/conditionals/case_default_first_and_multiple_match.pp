$v = 'abc'
case $v {
  default: { $r = 'default' }
  /a/: { $r = 'first regex' }
  /b/: { $r = 'second regex' }
}
case [1, 'x'] {
  [Integer, String]: { $t = 'tuple-like' }
  default: { $t = 'no' }
}
case {'a' => 1} {
  {'a' => 1}: { $h = 'hash eq' }
  default: { $h = 'no' }
}
case 'A' {
  'a': { $ci = 'case-insensitive' }
  default: { $ci = 'no' }
}
notify { 'n': message => [$r, $t, $h, $ci] }
