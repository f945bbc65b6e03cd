$x = /^USAGE&&#$/
