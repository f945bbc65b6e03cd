$x = Boolean('maybe')
