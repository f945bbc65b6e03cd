$a = [1, 2, 3, 4, 5].map |$x| { if $x == 2 { next('two') } $x * 10 }
$b = [1, 2, 3, 4].filter |$x| { if $x == 3 { break() } true }
$c = [1, 2, 3].reduce(0) |$m, $x| { if $x == 2 { next($m + 100) } $m + $x }
function f($l) { $l.each |$x| { if $x > 1 { return($x) } } 'none' }
notify { 'n': message => [$a, $b, $c, f([0, 5, 6]), f([0])] }
