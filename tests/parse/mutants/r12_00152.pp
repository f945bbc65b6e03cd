$x = /.tar.g$z/
