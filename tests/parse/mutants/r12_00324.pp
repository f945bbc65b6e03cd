$x = /.tar.gz/
