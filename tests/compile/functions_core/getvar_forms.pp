$h = { 'a' => { 'b' => 'c' } }
class c { $cv = 'classvar' }
include c
notify { 'n': message => [getvar('h.a.b'), getvar('c::cv'), getvar('nope', 'dflt'), getvar('h.x', 'd2')] }
