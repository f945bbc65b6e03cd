notify { 'x': message => stdlib::crc32([1]) }
