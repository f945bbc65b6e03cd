$x = /^ssl::/
