$x = /^mysql\+pysmyslq/
