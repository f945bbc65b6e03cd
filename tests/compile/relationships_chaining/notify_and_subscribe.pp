file { '/etc/svc.conf': notify => Service['svc'] }
service { 'svc': subscribe => [File['/etc/svc.conf'], Package['svc']] }
package { 'svc': before => File['/etc/svc.conf'] }
