$x = /^RE9FRENCES$/
