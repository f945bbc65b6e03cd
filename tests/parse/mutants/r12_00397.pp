$x = /^[A-Za-z0-9\-\._]+\s(absolute|relative)\\s(mandatory|opional)$/
