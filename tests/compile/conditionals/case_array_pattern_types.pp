$x = ['web', 3]
$r = case $x {
  [/^w/, Integer[0, 5]]: { 'matched both' }
  default: { 'nope' }
}
$y = case 3 { [1, 2, 3]: { 'array of options' } default: { 'no' } }
$z = case [1, 2, 3] { [1, 2, 3]: { 'array eq' } default: { 'no' } }
notify { 'n': message => [$r, $y, $z] }
