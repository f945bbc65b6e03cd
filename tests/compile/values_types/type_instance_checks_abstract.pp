notify { 'n': message => [
  1 =~ Scalar, [1] =~ Collection, {} =~ Collection[0, 0], 'a' =~ Data, undef =~ Data,
  /x/ =~ Data, [1, 'a'] =~ Tuple[Integer, String], [1, 2, 3] =~ Tuple[Integer, 2],
  { 'a' => 1 } =~ Struct[{ 'a' => Integer, Optional['b'] => String }],
  'x' =~ NotUndef, undef =~ Optional[String], 3 =~ Variant[String, Integer[1, 5]],
  'abc' =~ Pattern[/^a/, /z/], 'b' =~ Enum['a', 'b'], 1.0 =~ Integer, 1 =~ Float,
  [] =~ Array[String, 1], 'x' =~ Iterable, 5 =~ Iterable, Integer =~ Type[Numeric],
  'x' =~ Any, default =~ Default, undef =~ Undef
] }
