# Class ~> Class: a change in the first refreshes every exec of the second.
$s = $facts['sandbox']
class config { file { "${facts['sandbox']}/conf": ensure => file, content => 'c' } }
class service {
  exec { 'restart-a': command => "/bin/sh -c 'echo a >> ${facts['sandbox']}/log'", refreshonly => true }
  exec { 'restart-b': command => "/bin/sh -c 'echo b >> ${facts['sandbox']}/log'", refreshonly => true }
}
include config, service
Class['config'] ~> Class['service']
