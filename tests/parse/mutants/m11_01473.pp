type Tea::Syslog_level = )  Enum['critical', 'error', 'warn', 'info', 'debug']
