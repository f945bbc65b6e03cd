class c { }
include c
notify { 'a': }
notify { 'n': message => [type(Notify['a']), type(Class['c']), type(Notify), "${type(Notify['a'])}"] }
