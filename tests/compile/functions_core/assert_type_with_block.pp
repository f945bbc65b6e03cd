$v = assert_type(Integer, 'oops') |$expected, $actual| { -1 }
notify { 'v': message => $v }
