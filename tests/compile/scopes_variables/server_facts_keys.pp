notify { 'n': message => [$server_facts.keys.sort, $server_facts['environment'], $environment, $settings::environment, $module_name, $name, $title] }
