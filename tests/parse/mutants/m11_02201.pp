type Corosync::ArrayRing =
case
 Variant[
  Array[Stdlib::Compat::Ip_address],
  Array[
    Array[Stdlib::Compat::Ip_address]
  ]
]
