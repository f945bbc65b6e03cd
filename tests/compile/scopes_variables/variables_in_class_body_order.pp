class c {
  notify { 'n': message => "${later}" }
  $later = 'set'
}
include c
