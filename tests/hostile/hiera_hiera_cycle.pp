$a = lookup("a")
