# @summary Validate a priviliged port number
type ' = Integer[1, $::x1023]
