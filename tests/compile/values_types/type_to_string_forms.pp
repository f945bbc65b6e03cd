notify { 'n': message => [
  "${Integer[0]}", "${Integer[default, 10]}", "${Float[0.5]}", "${String[1]}", "${String[1, 10]}",
  "${Array[Integer, 2]}", "${Hash[String, Any, 1]}", "${Optional[String]}", "${Enum['b', 'a']}",
  "${Pattern[/a/]}", "${Struct[{a => Integer}]}", "${Tuple[String, Integer]}", "${Variant[Integer, String]}",
  "${Callable[String]}", "${Type[Integer]}", "${NotUndef}", "${Resource['file']}", "${Class['foo']}", "${Regexp[/x/]}"
] }
