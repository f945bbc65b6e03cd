node default { notify { 'n': message => [$name, $title, $::name, $::title] } 
  include c }
class c { notify { 'c': message => [$name, $title, $::name, $::title] } }
