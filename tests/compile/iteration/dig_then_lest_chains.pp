$d = {'a' => {'b' => [10, {'c' => 'deep'}]}}
$r = [
  $d.dig('a', 'b', 1, 'c'),
  $d.dig('a', 'x', 'y'),
  $d.dig('a', 'b', 5),
  $d.dig('a', 'b', 1, 'c').then |$v| { $v.upcase },
  $d.dig('a', 'nope').then |$v| { 'never' },
  $d.dig('a', 'nope').lest || { 'fallback' },
  $d['a']['b'][0].then |$x| { $x + 1 }.lest || { 0 },
  undef.then |$x| { 1 }.lest || { 'L' },
]
notify { 'n': message => $r }
