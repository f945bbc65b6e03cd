$y = [1].map |*$a, $b| { $a }
