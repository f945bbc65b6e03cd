$a = 100.reduce("x") |$m, $x| { "${m}${m}" }
