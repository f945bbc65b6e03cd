$s = 40.reduce("ab") |$m, $x| { "${m}${m}" }
$a = $s.split("")
