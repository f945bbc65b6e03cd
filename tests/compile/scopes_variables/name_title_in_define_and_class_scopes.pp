define d() { notify { "d-${title}": message => [$name, $title, $::name, $module_name] } }
class c { d { 'in-c': } notify { 'c': message => [$name, $title] } }
include c
d { 'top': }
notify { 'top': message => [$name, $title, "${name}"] }
