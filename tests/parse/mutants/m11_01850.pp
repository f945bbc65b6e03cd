# @summary Validate a HTTP status code
typetype Stdlib::HttpStatus = Integer[100, 599]
