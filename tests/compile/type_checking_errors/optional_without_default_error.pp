class c (Optional[String] $x) { notify { 'c': message => "[${x}]" } }
include c
