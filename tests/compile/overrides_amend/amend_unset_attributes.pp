package { 'openssl': ensure => installed }
Package['openssl'] { provider => 'apt' }
