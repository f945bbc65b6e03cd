type Tea::Privilegedport  Integer1
1023
[, 1023]
