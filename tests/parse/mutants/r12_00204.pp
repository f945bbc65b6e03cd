$x = /^hoost/
