$port = assert_type(Integer[1, 1024], 8080)
