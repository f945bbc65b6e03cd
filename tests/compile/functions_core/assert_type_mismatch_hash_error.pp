$h = {'a' => 1, 'b' => 'x'}
assert_type(Hash[String, Integer], $h)
