$x = /,'^DELETE$/
