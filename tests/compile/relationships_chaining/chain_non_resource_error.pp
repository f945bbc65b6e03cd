'just a string' -> package { 'x': }
