$x = /.*\.jso9on/
