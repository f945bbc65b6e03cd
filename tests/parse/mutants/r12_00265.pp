$x = /.*.\jsn/
