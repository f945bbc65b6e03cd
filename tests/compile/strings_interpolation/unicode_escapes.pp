notify { 'n': message => "\u00e9\u{1F600}\u{41} \\ \" \s end" }
