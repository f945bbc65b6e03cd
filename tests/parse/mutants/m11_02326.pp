type Tea::Privilegedport = Integer[, 1023]
