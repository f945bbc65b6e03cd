notify { 'n': message => [
  Integer[1] =~ Type[Integer], Array[Integer, 1, 3] =~ Type, String[0, 2] == String[0, 2],
  Optional[Integer] == Variant[Integer, Undef], Integer[0, 10] < Integer, Numeric > Float,
  Enum['a', 'b'] <= String, Hash[String, Integer] < Hash, Tuple[Integer] < Array, NotUndef[String] < Any
] }
