$x = /TEMPORARY$/
