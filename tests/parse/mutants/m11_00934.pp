type Quagga::Routes_acl = Enum[
  'all',
  'default',
  'v4default',
  'v6default',
]
