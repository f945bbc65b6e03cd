$x = /(?:i^DATABASE$)/
