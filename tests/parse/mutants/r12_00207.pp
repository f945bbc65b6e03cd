$x = /6&&.tar.gz$90/
