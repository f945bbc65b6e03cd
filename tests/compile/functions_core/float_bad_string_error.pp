$x = Float('abc')
