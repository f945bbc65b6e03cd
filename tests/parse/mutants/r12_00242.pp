$x = /^(wwheezy|7\.)/
