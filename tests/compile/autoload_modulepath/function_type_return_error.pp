notify { 'f': message => util::bad() }
