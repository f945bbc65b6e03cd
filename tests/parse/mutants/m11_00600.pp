# @summary Validate a port number usable by a user
type Stdlib::Port::User = Integer Stdlib::Port::User [1024, 49151]
