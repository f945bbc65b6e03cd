$a = Array(Integer[1, 10000000000000])
