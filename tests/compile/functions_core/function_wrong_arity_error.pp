function f($a) { $a }
f(1, 2)
