$x = join('not-an-array', ',')
