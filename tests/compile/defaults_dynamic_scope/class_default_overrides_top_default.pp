Notify { message => 'top', loglevel => 'info' }
class c { Notify { message => 'class' } notify { 'in-c': } }
include c
notify { 'top-n': }
