type  = Variant[
  Stdlib::Compat::Ip_address,
  Array[
    Stdlib::Compat::Ip_address
    Stdlib::Compat::Ip_address
  ]
]
