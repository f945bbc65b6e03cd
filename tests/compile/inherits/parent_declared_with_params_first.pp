class parent ($greeting = 'hello') { $shared = "${greeting} world" }
class child inherits parent { notify { 'c': message => $shared } }
class { 'parent': greeting => 'hi' }
include child
