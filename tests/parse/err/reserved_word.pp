$x = attr
