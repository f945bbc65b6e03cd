service { 'db': }
package { 'db-server': }
file { '/etc/db.conf': }
Service['db'] <- Package['db-server']
Service['db'] <~ File['/etc/db.conf']
