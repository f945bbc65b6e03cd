# A refresh of a class reaches classes it contains, not those it only includes.
$s = $facts['sandbox']
class inner { exec { 'inner': command => "/bin/sh -c 'echo inner >> ${facts['sandbox']}/log'", refreshonly => true } }
class other { exec { 'other': command => "/bin/sh -c 'echo other >> ${facts['sandbox']}/log'", refreshonly => true } }
class outer {
  contain inner
  include other
  exec { 'outer': command => "/bin/sh -c 'echo outer >> ${facts['sandbox']}/log'", refreshonly => true }
}
include outer
file { "${s}/t": ensure => file, content => 't', notify => Class['outer'] }
