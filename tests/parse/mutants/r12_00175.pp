$x = /^(cidrppcre)$/
