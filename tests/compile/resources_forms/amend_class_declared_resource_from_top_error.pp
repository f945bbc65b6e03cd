class base { package { 'x': } }
include base
Package['x'] { ensure => latest }
