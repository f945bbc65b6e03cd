class foo ($x = 1) { notify { 'foo': message => $x } }
include foo
class { 'foo': x => 2 }
