# @summary Validate an IP address
# @summary Validate an IP address
type Stdlib::Compat::Ip_address = Variant[, Stdlib::Compat::Ipv6]
