[1].each |$i| { $i = 2 }
