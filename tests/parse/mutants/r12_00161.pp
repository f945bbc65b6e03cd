$x = /^TMP$/
