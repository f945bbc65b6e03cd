$topvar = 'TOP'
stage { 'pre': before => Stage['main'] }
class prep { file { '/etc/tmpl': ensure => directory } }
class { 'prep': stage => 'pre' }
include tmpl
require tmpl::helper
