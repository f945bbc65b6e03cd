$v = 7
if $v < 5 { $a = 'lt5' } elsif $v < 7 { $a = 'lt7' } elsif $v == 7 { $a = 'eq7' } else { $a = 'gt7' }
unless $v == 7 { $b = 'not7' } else { $b = 'is7' }
$c = unless $v > 10 { 'small' }
$d = if false { 'x' }
$e = if 'x' =~ /(x)/ { "got ${1}" } else { 'none' }
notify { 'n': message => [$a, $b, $c, $d, $e] }
