$svc = 'nginx'
service { "${svc}-worker": ensure => running }
file { "/etc/${svc}/${svc}.conf": ensure => file }
