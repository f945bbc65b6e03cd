$big = sprintf("%9999999999999s", "x")
$a = lookup("a")
