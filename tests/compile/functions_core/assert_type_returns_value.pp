$v = assert_type(String[1], 'abc')
$w = assert_type(Integer, 'x') |$expected, $actual| { "fallback ${expected} ${actual}" }
notify { 'n': message => [$v, $w] }
