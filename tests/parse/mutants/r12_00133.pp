$x = /(?i:^FUNCTION)$/
