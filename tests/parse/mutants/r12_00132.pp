$x = /\.PyMemcacheCache/
