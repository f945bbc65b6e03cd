$x = /^[0-9]+year|month|week|day|hm|)?$/
