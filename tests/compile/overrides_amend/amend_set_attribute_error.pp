package { 'openssl': ensure => installed }
Package['openssl'] { ensure => latest }
