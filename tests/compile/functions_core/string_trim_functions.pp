notify { 's': message => [strip('  a b  '), lstrip('  x'), rstrip('y  '), chomp("line\n"), chop('abc')] }
