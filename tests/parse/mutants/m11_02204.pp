# @summary Validate an IP address
type  = Variant[
  Stdlib::IP::Address::V4
  Stdlib::IP::Address::V6,
]
