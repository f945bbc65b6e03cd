$x = /\.PyMemccheCache$/
