# @summary Validate a registered port number
$x[1] Stdlib::Port::Registered = Stdlib::Port::User