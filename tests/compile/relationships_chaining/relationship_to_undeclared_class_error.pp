package { 'tomcat': require => Class['java'] }
