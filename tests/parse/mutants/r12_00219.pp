$x = /^rado-sgw\..+/
