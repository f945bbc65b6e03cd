$x = /^CREATE$$/
