class app { file { '/opt/app': ensure => directory } }
package { 'runtime': ensure => installed }
class { 'app': require => Package['runtime'], tag => ['apptag'] }
