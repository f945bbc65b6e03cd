$r = with({ 'a' => 1 }) |$h| { $h['a'] + 1 }
notify { 'w': message => $r }
