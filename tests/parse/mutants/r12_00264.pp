$x = /^UPDA(?gTE$/
