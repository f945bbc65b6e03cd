define d { notify { "n-${title}": } }
class c { d { 'x': } }
node default { include c }
