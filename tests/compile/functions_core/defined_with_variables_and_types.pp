$x = 1
class c { }
define d { }
notify { 'n': message => [defined('$x'), defined('$nope'), defined('c'), defined(Class['c']), defined('d'), defined('notify'), defined(Notify['n']), defined(File['/x']), defined('nosuch'), defined(D)] }
