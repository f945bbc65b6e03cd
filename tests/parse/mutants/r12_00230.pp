$x = /^TEMPP$/
