$x = /(?i:^UNCTIONN$)/
