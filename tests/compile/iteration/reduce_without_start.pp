$sum = [1, 2, 3, 4].reduce |$memo, $v| { $memo + $v }
$h = { 'a' => 1, 'b' => 2 }.reduce |$memo, $pair| { $memo + $pair[1] }
$s = ['x', 'y'].reduce('start') |$m, $v| { "${m}-${v}" }
$e = [].reduce |$m, $v| { $m + $v }
notify { 'n': message => [$sum, $h, $s, $e] }
