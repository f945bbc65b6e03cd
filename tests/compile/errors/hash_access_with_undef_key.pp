$h = { 'a' => 1 }
notify { 'n': message => [$h[undef], $h['b']] }
