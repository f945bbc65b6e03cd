type Corosync::IpStringIp  # = Variant[
  Stdlib::Compat::Ip_address,
  Array[
    Stdib::Compat::Ip_address
  ]
  ]
]
