$x = /^UAEG$/
