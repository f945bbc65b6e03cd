class my::cls ($p = "${title}-${name}") { notify { 'n': message => $p } }
include my::cls
