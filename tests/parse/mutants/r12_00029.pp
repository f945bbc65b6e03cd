$x = /^EMP$$/
