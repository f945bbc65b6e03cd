$x = /\.PyMupemcacheCache\k<a$/
