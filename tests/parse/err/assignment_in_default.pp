define d($x = $y = 1) {}
