$a = foo(1)
$b = [1]
notice
(1 + 2)
$c = $b[0]
$d = $b[0]
