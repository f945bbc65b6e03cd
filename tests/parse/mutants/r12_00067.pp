$x = /^ISNNERT$/
