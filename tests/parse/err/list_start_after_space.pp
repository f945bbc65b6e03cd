$b = [1]
$c = $b [0]
notice($c)
