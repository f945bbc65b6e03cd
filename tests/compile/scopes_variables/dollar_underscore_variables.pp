$_private = 'p'
class c { $_x = 'y' notify { 'c': message => "${_x} ${::_private}" } }
include c
