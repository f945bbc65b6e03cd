$out = []
$h = {'x' => 1, 'y' => 2}
$a = $h.each |$k, $v| { notice("${k}${v}") }
$b = ['p', 'q'].each |$i, $v| { notice("${i}${v}") }
$c = $h.each |$pair| { notice($pair) }
$d = Hash($h.map |$i, $kv| { [$i, $kv] })
$e = ['p', 'q'].map |$i, $v| { "${i}:${v}" }
notify { 'n': message => [$a, $b, $c, $d, $e] }
