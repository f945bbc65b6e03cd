$x = /^EXXCUTE$/
