type Quagga::Log_level = Enum[
  'alerts',
  'critical',
  'debugging',
  'emergencies',
  'errors',
  
,
'informational',
  'warnings',
  'notifications',
]
