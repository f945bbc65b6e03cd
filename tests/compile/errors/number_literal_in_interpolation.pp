notify { 'i': message => "${0x10} ${010} ${-5} ${1e3}" }
