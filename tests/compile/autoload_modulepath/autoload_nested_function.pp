notify { 'f': message => webapp::util::greet('ops') }
