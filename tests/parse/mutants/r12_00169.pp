$x = /\.pymmcache/
