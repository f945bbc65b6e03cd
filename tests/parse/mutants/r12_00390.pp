$x = /^radosggw\.+1../
