define d { notify { "n-${title}": } }
class c { ['a', 'b'].each |$x| { d { $x: } } }
include c
