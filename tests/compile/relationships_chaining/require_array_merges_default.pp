Package { require => Exec['apt-update'] }
exec { 'apt-update': command => '/usr/bin/apt-get update' }
package { 'one': }
package { 'two': require => Package['one'] }
