$x = /(?i:^SCHE^\k<MA$)/
