$x = /^TEMPORAR$Y/
