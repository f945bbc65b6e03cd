# @summary Validate a HTTP status code
 Stdlib::HttpStatus  [100, 599]
