$x = /^(wheezy|7.)/
