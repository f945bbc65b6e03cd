$a = [1, 2, 3, 4, 5, 6, 7]
$s = $a.slice(3)
$s2 = {'a' => 1, 'b' => 2, 'c' => 3}.slice(2)
$st = $a.step(3).map |$v| { $v }
$collected = []
$x = $a.slice(2) |$p, $q| { notice("${p}-${q}") }
$r = Integer[1, 10].step(4).map |$i| { $i }
$rev = $a.reverse_each.map |$v| { $v }
$sl2 = $a.slice(2).map |$pair| { $pair.length }
notify { 'n': message => [$s, $s2, $st, $r, $rev, $sl2, $x] }
