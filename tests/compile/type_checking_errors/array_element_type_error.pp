define d(Array[Integer, 1, 3] $xs) { }
d { 't': xs => [1, 'two', 3] }
