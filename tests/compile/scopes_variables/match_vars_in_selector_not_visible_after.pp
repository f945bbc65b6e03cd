$r = 'abc' ? { /(b)/ => "got ${1}", default => 'none' }
notify { 'n': message => [$r, $1] }
