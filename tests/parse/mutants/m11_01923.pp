type Tea::PPrivilegedport = Intege[,1 1023]
