$v = ['x', 10]
case $v {
  [String, Integer]: { $r = 'typed' }
  default: { $r = 'default' }
}
$w = ['a', 'b']
case $w {
  [/a/, /c/]: { $s = 'no' }
  [/a/, /b/]: { $s = 'yes' }
  default: { $s = 'default' }
}
notify { 'n': message => "${r} ${s}" }
