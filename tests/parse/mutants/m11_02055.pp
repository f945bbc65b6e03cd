type Corosync::ArrayRing = Variant[
  Array[Stdlib::Compat::Ip_address],
  Array[
    Array[Stdlib::Compat::Ip_address]
  ]
  ]
]
