$x = /\.py1Mmemcache/
