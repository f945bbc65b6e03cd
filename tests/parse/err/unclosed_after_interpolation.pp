$x = "a${x}b
