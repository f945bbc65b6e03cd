# before and notify to resources declared later, across classes.
$s = $facts['sandbox']
class late { notify { 'late-note': } exec { 'late-exec': command => "/bin/sh -c 'echo late >> ${facts['sandbox']}/log'", refreshonly => true } }
file { "${s}/early": ensure => file, content => 'e', notify => Exec['late-exec'], before => Notify['late-note'] }
include late
