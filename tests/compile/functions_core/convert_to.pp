notify { 'c': message => ['42'.convert_to(Integer), 42.convert_to(String), [1, 2].convert_to(Hash)] }
