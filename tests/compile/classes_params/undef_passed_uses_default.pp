class defaults_demo (String $mode = '0644') { file { '/tmp/d': ensure => file, mode => $mode } }
class { 'defaults_demo': mode => undef }
