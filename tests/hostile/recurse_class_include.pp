class a { include b }
class b { $x = 1 }
class c { c2 { "x": } }
define c2() { c2 { "${title}y": } }
include c
