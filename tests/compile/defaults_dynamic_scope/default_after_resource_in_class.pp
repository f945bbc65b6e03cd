class c {
  notify { 'n': }
  Notify { message => 'late default' }
}
include c
