define svc::instance (
  String $service_name = "svc-${title}",
  String $config = "/etc/${service_name}.conf",
) { notify { $title: message => [$service_name, $config] } }
svc::instance { 'alpha': }
svc::instance { 'beta': service_name => 'custom' }
