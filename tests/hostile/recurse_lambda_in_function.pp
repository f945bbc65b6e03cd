function f($x) { [1].map |$y| { f($x) } }
$a = f(1)
