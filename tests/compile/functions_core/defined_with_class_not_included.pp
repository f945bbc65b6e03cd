class c { }
class d { }
include d
notify { 'n': message => [defined(Class['c']), defined(Class['d']), defined('c'), defined('::d')] }
