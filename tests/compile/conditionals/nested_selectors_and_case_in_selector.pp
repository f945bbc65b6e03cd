$a = 'x'
$b = 2
$r = $a ? {
  'x' => $b ? { 1 => 'x1', 2 => 'x2', default => 'xd' },
  default => 'd',
}
$s = case $a { 'x': { $b ? { Integer => 'int', default => 'other' } } default: { 'no' } }
notify { 'n': message => [$r, $s] }
