function f($x) { $x + 'a' }
class c { notify { 'n': message => f(1) } }
include c
