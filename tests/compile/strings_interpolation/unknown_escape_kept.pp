notify { 'esc': message => "a\qb \d" }
