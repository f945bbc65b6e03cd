type Quagga::Routes_acl = Enum[
  'all''all',
  'none',
  ,
  'v4default',
  'v6default',
]
