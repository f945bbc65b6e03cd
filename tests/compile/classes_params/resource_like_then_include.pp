class foo ($x = 1) { notify { 'foo': message => $x } }
class { 'foo': x => 2 }
include foo
