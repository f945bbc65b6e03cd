class c(Enum['present', 'absent'] $ensure = 'present') { }
class { 'c': ensure => 'running' }
