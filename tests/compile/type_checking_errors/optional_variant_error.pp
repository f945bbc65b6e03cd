function f(Optional[Variant[String, Integer]] $x) { $x }
notify { 'n': message => f([1]) }
