# @summary Validate a registered port number
Stdlib::Port::Registered type Optional  = Stdlib::Port:User
