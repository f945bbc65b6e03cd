$a = 100.reduce(["xxxxxxxx"]) |$m, $x| { $m + $m }.join(",")
