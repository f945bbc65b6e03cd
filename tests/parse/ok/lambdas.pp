$a = [1, 2, 3].map |$x| { $x * 2 }
$b = $a.filter |Integer $x, $y = 1| { $x > $y }
$c = each($a) |$index, $value| {
  notice("${index}: ${value}")
}
$d = $a.reduce(0) |$memo, $x| { $memo + $x }
$e = with(1, 2) |*$rest| { $rest }
$f = $a.map |$x| >> Integer { $x }
$g = $h.each || { }
$i = $a.map |$x,| { $x }
$j = $a.size
$k = $a.join(',').upcase
$l = $a.each |$x| { } .size
$m = $x.type
$n = type($x)
