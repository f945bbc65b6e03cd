class parent ($p = 1) { }
class child inherits parent { }
class { 'parent': p => 2 }
include child
