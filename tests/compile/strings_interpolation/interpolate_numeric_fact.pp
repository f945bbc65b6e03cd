notify { 'n': message => "count ${facts['processors']['count'] + 1}" }
