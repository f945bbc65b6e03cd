function f($x) { inline_epp('<%= f(1) %>') }
$a = f(1)
