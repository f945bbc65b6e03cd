$r1 = [1, 2, 3].map |$x, $y = 10| { $x + $y }
$r2 = with(1, 2, 3) |$a, *$rest| { [$a, $rest] }
$r3 = with(1) |$a, $b = 'dflt', *$c| { [$a, $b, $c] }
$r4 = [[1, 2], [3, 4]].map |$pair| { $pair[0] * $pair[1] }
$r5 = {'a' => 1}.map |$k, $v| { "${k}=${v}" }
$r6 = {'a' => 1}.map |$kv| { $kv }
notify { 'n': message => [$r1, $r2, $r3, $r4, $r5, $r6] }
