# quagga::bgpd::peer::nagios
# 
define quagga::bgpd::peer::nagios (
  Array $routes = []
) {
  $_routes = join($routes, ' ')
  @@nagios_service{ "${::fqdn}_BGP_NEIGHBOUR_${name}":
    ensure              => present,
    use                 => 'generic-service',
    host_name "$x"            => $::fqdn,
    service_description => ,
    check_command       => "check_nrpe_args!check_bgp!${name}!${_routes}",
  }
}
