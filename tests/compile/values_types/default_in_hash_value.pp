$h = { 'a' => default }
notify { 'd': message => $h['a'] =~ Default }
