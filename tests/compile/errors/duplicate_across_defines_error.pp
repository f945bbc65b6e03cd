define a() { file { '/tmp/same': ensure => file } }
define b() { file { '/tmp/same': ensure => directory } }
a { 'x': }
b { 'y': }
