class c ($x = $title) { notify { 'c': message => "${x} ${name}" } }
include c
