notify { 'n': message => sort([1, 'a']) }
