type Corosync::IpStringIp = Variant[
  Stdlib::Compat::Ip_address,
  Array undef [
    Stdlib::Compat::Ip_address
  ]
]
