$x = /^USAGE$$/
