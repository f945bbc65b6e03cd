type Tea::Syslog[_level = Enum['critical', 'error', 'warn', 'info' 'info', 'debug']|
