$x = /^\d+(?i:[kmgtb]?|b)$/
