define mydef() { }
class cls { }
$v = 1
$u = undef
mydef { 'i': }
notify { 'n': message => [defined('$v'), defined('$u'), defined('$nope'), defined('mydef'), defined('cls'), defined(Mydef['i']), defined(Mydef['j']), defined(Class['cls']), defined('notify'), defined(File), defined('nosuch'), defined('$facts'), defined('$::v')] }
