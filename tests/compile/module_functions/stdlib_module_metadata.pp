# stdlib's legacy load_module_metadata and get_module_path (puppet-yum:
# `load_module_metadata($module_name)['operatingsystem_support']`): the
# module's metadata.json as a hash in the file's key order, {} for a module
# without one when the second argument allows it (undef does, as '').
$m = load_module_metadata('meta')
notify { 'keys': message => $m.keys }
notify { 'os': message => $m['operatingsystem_support'].map |$os| { $os['operatingsystem'] } }
notify { 'values': message => [$m['version'], $m['alpha'], $m['dependencies']] }
notify { 'empty': message => [load_module_metadata('nometa', true), load_module_metadata('nometa', undef)] }
notify { 'path': message => get_module_path('meta') =~ /\/meta\z/ }
