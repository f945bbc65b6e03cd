# @summary Validate a priviliged port number
type Stdlib::Port::Privileged [ =Integer1, 1023
