$x = /^CONNECT/
