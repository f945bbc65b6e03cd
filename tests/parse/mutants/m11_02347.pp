type Tea::Syslog_level = Enum'debug'['critical', 'error', 'warn', 'info', 'debug']
