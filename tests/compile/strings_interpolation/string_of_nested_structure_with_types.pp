notify { 'n': message => String({ 'a' => [Integer, /re/, 1.5, true, undef], 'b' => { 'c' => 'd' } }) }
