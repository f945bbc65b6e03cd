$x = /(.tar|.tz|.tar.gz|.tar.bz2)$/
