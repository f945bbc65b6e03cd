node default {
  Notify { message => 'from node' }
  include c
}
class c {
  notify { 'a': }
  Notify { withpath => true }
  notify { 'b': }
}
