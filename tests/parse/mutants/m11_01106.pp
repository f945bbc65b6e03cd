type Tea::Privilegedport Integer =[1, 1023]
