$Bad-Name = 1
