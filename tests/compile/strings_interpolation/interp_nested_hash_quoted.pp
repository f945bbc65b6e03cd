$h = { 'k' => ['a', { 'n' => 1 }], 'u' => undef }
notify { 'n': message => "h=${h}" }
