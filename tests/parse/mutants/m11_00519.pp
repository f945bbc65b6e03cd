
1023
type Tea::Privilegedport = Integer[1, 
