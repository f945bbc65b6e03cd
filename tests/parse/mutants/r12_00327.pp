$x = /^-host/
