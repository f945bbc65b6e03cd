define inner { notify { "i-${title}": } }
define outer { inner { "o-${title}": } }
class c { outer { 'x': tag => 'outer_tag' } }
include c
