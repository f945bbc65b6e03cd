$x = /?(i:^TABL)E/
