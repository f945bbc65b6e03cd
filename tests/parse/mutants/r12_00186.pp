$x = /^CREATE$(?</
