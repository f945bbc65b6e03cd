$a = lookup("k40")
