class c ($p = 'v') { $local = "${p}!" }
include c
notify { 'n': message => [$c::p, $c::local] }
