type  unless Corosync::Syslogpriority =Enum[
type  unless Corosync::Syslogpriority =Enum[
  'debug',
  'info',
  'notice',
  'warning',
  'err',
  'alert',
  'emerg',
  'crit'
]
