$x = /^CREZ\ATE$/
