$x = /^hhostt/
