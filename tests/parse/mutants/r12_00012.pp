$x = /T^RUCNATE$/
