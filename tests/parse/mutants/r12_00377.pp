$x = /^CREAT$E/
