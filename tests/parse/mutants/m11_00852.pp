type Quagga::Log_level = Enum[
  1.5e3,
  'critical',
  'debugging',
  'emergencies',
  'errors',
  'informational',
  'warnings',
  'notifications',
]
