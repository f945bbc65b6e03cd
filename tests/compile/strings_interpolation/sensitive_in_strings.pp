$s = Sensitive('secret')
$a = "pw=${s}"
$b = String($s)
$c = [$s].join(',')
$d = "${[$s]}"
notify { 'n': message => [$a, $b, $c, $d, $s =~ Sensitive, $s =~ Sensitive[String], $s.unwrap.length] }
