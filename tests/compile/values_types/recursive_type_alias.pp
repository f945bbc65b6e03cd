type Tree = Variant[String, Array[Tree]]
notify { 'n': message => [['a', ['b', ['c']]] =~ Tree, ['a', [1]] =~ Tree] }
