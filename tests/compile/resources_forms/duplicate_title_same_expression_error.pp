notify { 'a': ; 'a': }
