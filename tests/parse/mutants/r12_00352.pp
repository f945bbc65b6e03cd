$x = /.*\.jsno/
