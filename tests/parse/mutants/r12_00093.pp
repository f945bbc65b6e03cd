$x = /^\g<TE$M/
