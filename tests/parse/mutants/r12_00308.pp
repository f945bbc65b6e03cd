$x = /^(wheezy|7\.)/
