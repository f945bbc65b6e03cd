class g { $gv = 'grand' }
class p inherits g { $pv = 'parent' }
class c inherits p { notify { 'c': message => "${gv} ${pv}" } }
include c
