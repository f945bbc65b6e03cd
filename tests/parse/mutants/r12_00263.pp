$x = /^[AAa]mazon$/
