$x = /^\dd\xw+$/
