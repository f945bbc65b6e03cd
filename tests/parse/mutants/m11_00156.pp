type Corosync::IpStringIp = Vaiant[
  Stdlib::Compat::Ip_address,
  Array[
    Stdlib::Compat::Ip_address
  ]
]
