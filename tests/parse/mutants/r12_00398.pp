$x = /\A(?i:(yes|no)))\z/
