notify { 'f': message => util::outer(3) }
