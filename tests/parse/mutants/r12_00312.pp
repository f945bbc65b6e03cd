$x = /^(wheezy|7\6.3)/
