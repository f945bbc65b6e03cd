$h = {'a' => 1, 'b' => 2, 'c' => 3}
$sum = $h.reduce(0) |$m, $kv| { $m + $kv[1] }
$noinit = $h.reduce |$m, $kv| { [$m, $kv] }
$f = $h.filter |$k, $v| { $v % 2 == 1 }
$f1 = $h.filter |$kv| { $kv[0] != 'b' }
$m = $h.map |$k, $v| { [$k, $v * 2] }
$mh = Hash($m)
$inv = $h.reduce({}) |$memo, $kv| { $memo + { $kv[1] => $kv[0] } }
notify { 'n': message => [$sum, $noinit, $f, $f1, $m, $mh, $inv] }
