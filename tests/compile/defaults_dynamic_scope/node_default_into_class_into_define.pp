define d { notify { "n-${title}": } }
class c { d { 'x': } }
node default {
  Notify { message => 'from node' }
  include c
}
