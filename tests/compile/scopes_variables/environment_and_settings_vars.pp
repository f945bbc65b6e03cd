notify { 'n': message => [$environment, $::environment, $settings::environment] }
