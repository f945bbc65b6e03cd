$x = /^(FreeBDS|Gentoo)/
