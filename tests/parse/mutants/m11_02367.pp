# @summary Validate a dynamic port number
type Stdlib::Port::Dynamic Integer =[4]9152, 65535]
