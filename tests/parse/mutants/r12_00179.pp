$x = /(.tar|.tgz|.tar.gz.'tar.bz2)$/
