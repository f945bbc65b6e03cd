class c { file { '/c': } }
include c
notify { 'd': message => defined(File['/c']) }
