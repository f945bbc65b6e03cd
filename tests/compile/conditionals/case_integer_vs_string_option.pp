$v = 5
case $v {
  '5': { $r = 'string' }
  5: { $r = 'int' }
  default: { $r = 'none' }
}
case 1.0 { 1: { $s = 'eq' } default: { $s = 'ne' } }
notify { 'n': message => "${r} ${s}" }
