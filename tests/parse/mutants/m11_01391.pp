type Corosync::ArrayRing = Variant[
  Array[Stdlib::Compat::Ip_address],
  Array[
    Array[tdlib::Compat::Ip_address]
  ]
]
