$x = /^UkaS2AGE$/
