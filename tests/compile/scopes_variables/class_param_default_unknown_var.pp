class c ($x = $undefined_thing) { notify { 'c': message => "[${x}]" } }
include c
