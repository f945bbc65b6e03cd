class svc::config { file { '/etc/svc': content => "${svc::port}" } }
