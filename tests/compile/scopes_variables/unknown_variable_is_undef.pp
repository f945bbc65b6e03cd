notify { 'u': message => "[${nope}]" }
