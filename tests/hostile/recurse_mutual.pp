function f($x) { g($x) }
function g($x) { f($x) }
$a = f(1)
