notify { 's': message => [1 << 4, 256 >> 2, -16 >> 2] }
