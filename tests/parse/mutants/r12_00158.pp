$x = /.tar.gz$\p{/
