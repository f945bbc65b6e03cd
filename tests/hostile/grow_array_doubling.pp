$a = 100.reduce([1]) |$m, $x| { $m + $m }
