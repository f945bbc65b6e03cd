notify { 'a': } }
