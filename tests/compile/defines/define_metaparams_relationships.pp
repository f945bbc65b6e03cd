define app::instance { file { "/etc/app/${title}": ensure => file } }
package { 'app': }
app::instance { 'a': require => Package['app'] }
app::instance { 'b': before => Service['app'] }
service { 'app': }
