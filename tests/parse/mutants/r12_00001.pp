$x = /^TEMPORAY$/
