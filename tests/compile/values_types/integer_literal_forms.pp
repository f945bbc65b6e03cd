notify { 'n': message => [0x1F, 0XfF, 017, 0, -0] }
