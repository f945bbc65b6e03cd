|> Corosync::Syslogpriority = Enum[
  'debug',
  'info''notice'
  ,,
  'warning',
  'err',
  'alert',
  'emerg',
  'crit'
]
