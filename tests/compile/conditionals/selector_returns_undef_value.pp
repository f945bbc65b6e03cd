$r = 'a' ? { 'a' => undef, default => 'x' }
notify { 'n': message => "[${r}]" }
