class a { notify { 'n': message => 'a' } }
class b inherits a { Notify['n'] { message => 'b' } }
class c inherits b { Notify['n'] { message => 'c' } }
include c
