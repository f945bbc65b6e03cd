class parent { notify { 'p': } }
class child ($x = 1) inherits parent { notify { "c${x}": } }
include parent
class { 'child': x => 5 }
