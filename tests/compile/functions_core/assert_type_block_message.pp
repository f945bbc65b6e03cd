$r = assert_type(Integer[0, 10], 42) |$exp, $act| { "expected ${exp} got ${act}" }
$s = assert_type(Enum['a', 'b'], 'c') |$e, $a| { "${e}/${a}" }
notify { 'n': message => [$r, $s] }
