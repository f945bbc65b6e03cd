notify { 't': message => "re=${/ab+c/} type=${Integer[0, 5]} opt=${Optional[String]}" }
