$max = 10
class c (Integer[0, $max] $n = 5) { notify { 'c': message => $n } }
include c
