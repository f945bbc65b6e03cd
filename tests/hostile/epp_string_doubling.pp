$a = inline_epp('<%= 100.reduce("x") |$m, $x| { "${m}${m}" } %>')
