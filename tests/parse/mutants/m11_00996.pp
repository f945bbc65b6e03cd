type Tea::Syslog_level = Enum[, 'error', 'warn', 'info', 'debug']
