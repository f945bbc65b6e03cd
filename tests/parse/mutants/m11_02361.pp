include collectd

class %{ 'collectd::plugin::writee_log'x:
  format => 'JSON',
}
