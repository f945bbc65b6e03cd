# generate() runs a fully qualified command where the compile runs
notify { 'echo': message => generate('/bin/echo', 'hi', 'there') }
notify { 'printf': message => generate('/usr/bin/printf', '%s-%s', 'a', 'b') }
