class mymod::sub { notify { 'm': message => "[${module_name}]" } }
include mymod::sub
