notify { 'n': message => [upcase('abc'), downcase('ABC'), capitalize('hello world'), camelcase('a_b_c'), chomp("x\n"), chop('abc'), strip('  s  '), lstrip('  l'), rstrip('r  '), 'x'.size] }
