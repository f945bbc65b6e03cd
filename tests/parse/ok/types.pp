$t1 = Integer
$t2 = Optional[Array[String, 1]]
$t3 = Hash[String, Variant[Integer, Undef]]
$t4 = Struct[{ a => Integer, Optional[b] => String }]
$t5 = Enum['a', 'b']
$t6 = Pattern[/^x/, /y$/]
$t7 = Mod::Thing
$t8 = ::Mod::Thing
$t9 = Resource[File]
$t10 = Integer[1, default]
$t11 = Tuple[Integer, 2, 3,]
$t12 = Callable[[Integer], String]
