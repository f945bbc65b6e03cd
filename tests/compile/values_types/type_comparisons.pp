notify { 't': message => [Integer < Numeric, Integer[1, 2] <= Integer, String == String, Array[String] > Array[Integer]] }
