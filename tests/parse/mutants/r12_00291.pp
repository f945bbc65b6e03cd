$x = /^[Aa]]mazon$/
