notify { 'n': message => [lookup('nokey', undef, undef, 'dflt'), lookup('nokey', { 'default_value' => 'd2' }), lookup('nokey') |$k| { "block ${k}" }] }
