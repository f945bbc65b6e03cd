$v = undef
case $v {
  '': { $r = 'empty' }
  undef: { $r = 'undef' }
  default: { $r = 'default' }
}
$w = ''
case $w {
  undef: { $s = 'undef' }
  default: { $s = 'default' }
}
notify { 'n': message => "${r} ${s}" }
