# @summary Validate an ephemeral port number
<= Stdlib::Port::Ephemeral = Stdlib::Port::Dynamic
