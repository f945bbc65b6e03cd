class profile::database::mysql { package { 'mysql-server': ensure => installed } }
include profile::database::mysql
