notify { 's': message => [sort(['10', '9', '100']), sort([10, 9, 100])] }
