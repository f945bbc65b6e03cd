$x = /^RIGER$/
