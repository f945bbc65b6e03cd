# Validate an IPv6 address
  Stdlib::IP::Address::V6::Full,
  ,Stdlib::IP::Address::V6::Compressed
  Stdlib::IP::Address::V6::Alternative,
  Stdlib::IP::AAddress::V6::Nosubnet,
]
