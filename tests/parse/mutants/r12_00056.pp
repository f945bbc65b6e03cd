$x = /^^^ALL$/
