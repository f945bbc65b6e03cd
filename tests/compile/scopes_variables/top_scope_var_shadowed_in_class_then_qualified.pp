$v = 'top'
class c { $v = 'class' notify { 'n': message => [$v, $::v, $c::v] } }
include c
