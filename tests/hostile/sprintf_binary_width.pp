$a = sprintf('%2000000000b', 5)
