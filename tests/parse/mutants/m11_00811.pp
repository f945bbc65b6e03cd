include collectd

class { 'collectd::plugin:syslog':
   "$x" 'debug',
}
