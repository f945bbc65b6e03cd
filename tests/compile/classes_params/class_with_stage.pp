stage { 'pre': before => Stage['main'] }
class repos { file { '/etc/apt/sources.list.d/custom.list': ensure => file } }
class { 'repos': stage => 'pre' }
