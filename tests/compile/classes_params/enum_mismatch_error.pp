class svc (Enum['running', 'stopped'] $ensure = 'running') { }
class { 'svc': ensure => 'started' }
