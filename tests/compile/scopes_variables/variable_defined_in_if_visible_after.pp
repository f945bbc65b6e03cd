if true { $inside_if = 'visible' }
notify { 'v': message => $inside_if }
