$x = /^(FreeBSD||Ge8ntoo)/
