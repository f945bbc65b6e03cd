$a = 'x'
$b = ['y', 'z']
case 'z' {
  $a: { $r = 'a' }
  *$b: { $r = 'b' }
  default: { $r = 'none' }
}
notify { 'n': message => $r }
