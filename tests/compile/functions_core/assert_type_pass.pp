$port = assert_type(Integer[1, 65535], 8080)
notify { 'p': message => $port }
