$i = 0x1F
$o = 010
$f = 2.50
$b = false
notify { 'n': message => "${i} ${o} ${f} ${b} ${1 == 1}" }
