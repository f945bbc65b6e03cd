notify { 'arr': message => Array({ 'a' => 1, 'b' => 2 }) }
notify { 'wrap': message => Array('one', true) }
