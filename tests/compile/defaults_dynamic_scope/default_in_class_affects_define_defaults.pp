define d ($v = 'x') { notify { "n-${title}": } }
class c { D { v => 'from-default' } d { 'a': } }
include c
