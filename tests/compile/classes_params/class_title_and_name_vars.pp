class a::b { notify { 'n': message => [$title, $name, $module_name] } }
include a::b
