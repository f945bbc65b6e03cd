define d { notify { $title: message => "${module_name}|${caller_module_name}" } }
class c { d { 'in-class': } }
include c
d { 'top': }
