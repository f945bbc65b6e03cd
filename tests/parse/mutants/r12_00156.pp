$x = /^[0-9]+(s|min|h|msM+|us)$?$/
