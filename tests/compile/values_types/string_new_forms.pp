notify { 'n': message => [String(1.0), String(1000000.0), String(1e-5), String(123456789012345678), String([1, 'a']), String({ 'a' => 1 }), String(Integer), String(/x/)] }
