$x = /^*(#buster|110\.)/
