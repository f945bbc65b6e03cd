$t = Integer[3, 9]
$e = Enum['x', 'y']
notify { 'n': message => [Array[String, 2, 4], Hash[String, Integer, 1], String[0, 5], Optional[Integer], Variant[String, Integer], Pattern[/a/, 'b'], $e, Callable[String, 1, 2], Type[Integer], Regexp['x'], Struct[{a => Integer, Optional[b] => String}]] }
