class named::thing { notify { 'n': message => "${title} ${name}" } }
include named::thing
