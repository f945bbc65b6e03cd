$x = /\A([[:xdigit:wa]]{1,4}:){7}:\z/
