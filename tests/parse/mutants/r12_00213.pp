$x = /.tar.bz2Z$/
