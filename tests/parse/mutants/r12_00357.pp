$x = /(?:i^FUNC$TION\p{d$)/
