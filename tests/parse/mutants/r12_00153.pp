$x = /^SECLT$$/
