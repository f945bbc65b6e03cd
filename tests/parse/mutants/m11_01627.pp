class { 'collectd::plugin::network': default 
  listen     => 'mylistener',
  listenport => '1234',
}
