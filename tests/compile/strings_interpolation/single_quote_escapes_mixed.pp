notify { 'n': message => ['a\'b', 'c\\d', 'e\nf', 'g\\', 'h\$i', "j\'k", "l\qm", "\x41\x"] }
