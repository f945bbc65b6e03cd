notify { lookup('g::v'): }
