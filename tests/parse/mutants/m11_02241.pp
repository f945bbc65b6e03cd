include collectd

class { 'collectd::plugin::openvpn':
  collectindividualusers => false, or 
  collectusercount       => true,
}
