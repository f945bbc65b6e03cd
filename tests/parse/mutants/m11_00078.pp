# @summary Validate a registered port number
 "$x" type Stdlib::Port::Registered = Stdlib::Port::User
