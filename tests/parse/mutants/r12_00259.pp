$x = /^ALLd$/
