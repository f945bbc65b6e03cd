class base { $v = 'from-base' }
class c ($p = $base::v) { notify { 'n': message => $p } }
include base
include c
