$x = /\.MemcachdCache$/
