# A define whose exec fails notifies another define: the receiver's
# resources are skipped; a sibling define instance still refreshes.
$s = $facts['sandbox']
define work($cmd) { exec { "work-${title}": command => $cmd } }
define react() { exec { "react-${title}": command => "/bin/sh -c 'echo ${title} >> ${facts['sandbox']}/log'", refreshonly => true } }
work { 'bad': cmd => '/bin/false' } ~> react { 'after-bad': }
work { 'good': cmd => '/bin/true' } ~> react { 'after-good': }
