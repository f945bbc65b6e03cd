class parent ($p = 'parent') { notify { 'p': message => $p } }
class child ($c = 'child') inherits parent { notify { 'c': message => "${c} ${p}" } }
include child
