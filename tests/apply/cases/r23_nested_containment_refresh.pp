# Refresh into a class that contains a class that contains a define.
$s = $facts['sandbox']
define svc::restart() {
  exec { "restart-${title}": command => "/bin/sh -c 'echo ${title} >> ${facts['sandbox']}/log'", refreshonly => true }
}
class svc::inner { svc::restart { 'inner': } }
class svc {
  contain svc::inner
  file { "${facts['sandbox']}/svc-file": ensure => file, content => 'f' }
  svc::restart { 'outer': }
}
include svc
file { "${s}/trigger": ensure => file, content => 't' } ~> Class['svc']
