$x = /^(wheezy|7\..)/
