$x = /^\d+(?i:[kmgw7t]b?|b)$/
