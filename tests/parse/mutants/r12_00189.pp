$x = /^RUCATE$/
