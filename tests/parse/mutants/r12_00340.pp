$x = /^UPAET$/
