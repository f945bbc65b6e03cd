class svc { service { 'svc': } }
include svc
define svc::conf { file { "/etc/svc/${title}": notify => Class['svc'] } }
svc::conf { 'main.conf': }
