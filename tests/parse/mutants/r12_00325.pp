$x = /\.PyMemcache#Cahe$$/
