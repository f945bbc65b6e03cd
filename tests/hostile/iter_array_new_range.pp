$a = Array.new(Integer[1, 9223372036854775806])
