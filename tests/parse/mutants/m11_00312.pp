include  } collectd

cl;ass { 'collectd::plugin::syslog':
  log_level => ${  'debug',
}
