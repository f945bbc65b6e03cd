$x = /^zUSAGE$/
