$t = Struct[{ a => Integer, Optional[b] => String, NotUndef[c] => Any }]
notify { 'n': message => [{ 'a' => 1, 'c' => 0 } =~ $t, { 'a' => 1 } =~ $t, { 'a' => 1, 'b' => undef, 'c' => 1 } =~ $t, { 'a' => 1, 'c' => 1, 'd' => 2 } =~ $t] }
