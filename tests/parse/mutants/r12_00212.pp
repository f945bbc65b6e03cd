$x = /(?i:^DATA{2,kBASE$)/
