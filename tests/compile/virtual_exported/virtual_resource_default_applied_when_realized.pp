class c { Notify { message => 'from-c-default' } @notify { 'v': } }
include c
realize(Notify['v'])
