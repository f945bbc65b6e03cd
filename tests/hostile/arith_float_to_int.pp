$a = Integer(1e300)
