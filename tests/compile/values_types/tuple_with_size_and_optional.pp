notify { 'n': message => [[1, 'a'] =~ Tuple[Integer, String], [1] =~ Tuple[Integer, String, 1], [1, 'a', 'b'] =~ Tuple[Integer, String, 1, 3], [1, 2] =~ Tuple[Integer, Optional[String]]] }
