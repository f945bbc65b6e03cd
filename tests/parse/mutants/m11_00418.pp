 Quagga::Routes_acl = Enum[
  'all',
  'none',
  'default',
  'v4default',
  'v6default',
]
