class helper { notify { 'helper': message => "module=${module_name} caller=${caller_module_name}" } }
