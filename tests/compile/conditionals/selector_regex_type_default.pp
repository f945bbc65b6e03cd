$osx = 'Debian-11'
$a = $osx ? { /^(Debian)-(\d+)$/ => "${1}:${2}", default => 'other' }
$b = 3 ? { String => 's', Integer[4] => 'big', Integer => 'small' }
$c = 'Foo' ? { 'foo' => 'ci-match', default => 'no' }
$d = [1, 2] ? { [1, 2] => 'arr', default => 'no' }
$e = 'z' ? { /a|z/ => 'multi', default => 'no' }
$f = undef ? { undef => 'undef', default => 'no' }
notify { 'n': message => [$a, $b, $c, $d, $e, $f] }
