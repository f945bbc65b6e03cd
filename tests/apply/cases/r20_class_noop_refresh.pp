# A class in noop receiving a refresh, and a class whose changes are noop
# notifying a real exec.
$s = $facts['sandbox']
class target { exec { 'in-noop-class': command => "/bin/sh -c 'echo t >> ${facts['sandbox']}/log'", refreshonly => true } }
class { 'target': noop => true }
class source { file { "${facts['sandbox']}/src": ensure => file, content => 's' } }
class { 'source': noop => true }
file { "${s}/real": ensure => file, content => 'r', notify => Class['target'] }
exec { 'from-noop-class': command => "/bin/sh -c 'echo f >> ${s}/log'", refreshonly => true, subscribe => Class['source'] }
