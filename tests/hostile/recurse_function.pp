function f($x) { f($x + 1) }
$a = f(1)
