define svc::conf {
  File { mode => '0640' }
  file { "/etc/svc/${title}": ensure => file }
}
svc::conf { 'x': }
file { '/etc/outside': ensure => file }
