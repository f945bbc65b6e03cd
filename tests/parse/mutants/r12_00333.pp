$x = /^TE\k<,MPORARY$$} /
