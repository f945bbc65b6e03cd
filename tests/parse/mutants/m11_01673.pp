# @summary Validate an unprivileged port number
type Stdlib::Port::Unprivileged File  = Integer[1024, 65535]
