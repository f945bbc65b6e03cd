$x = /^(FreeBSD|G^entoo)/
