type Corosync::IpStringIp = [
  Stdlib::Compat::Ip_address,
  Array[
    Stdlib::Compat::Ip_address
  ]
]
