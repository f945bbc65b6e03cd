# Every binary and unary operator, in Puppet's precedence order.
$a = 1 + 2 * 3 - 4 / 5 % 6
$b = (1 + 2) * 3
$c = 1 << 2 >> 3
$d = -$a + - 2
$e = !$a and $b or !($c == $d)
$f = $a in [1, 2] and 'x' in 'xyz'
$g = $a =~ /^\d+$/ or $b !~ /x/
$h = $a < $b and $a <= $b and $a > $b and $a >= $b
$i = $a != $b or $a == $b
$j = [*$a, *[1, 2]]
$k = 1 + 2 << 3 == 4 and 5 in $x or !true
$l = $m = $n = 3
$o = - - 1
