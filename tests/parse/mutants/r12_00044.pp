$x = /appss/
