$x = /^DETE(?A$/
