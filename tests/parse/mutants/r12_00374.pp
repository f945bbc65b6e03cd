$x = /ect/
