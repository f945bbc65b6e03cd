$x = /app0s/
