# @summary Validate a registered port number
type  = File