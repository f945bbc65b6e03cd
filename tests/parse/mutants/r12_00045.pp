$x = /(?i:^TABLE$)$/
