# Skips travel through a long chain, across a define and a class; a second
# failure's dependents list both.
$s = $facts['sandbox']
define step() { exec { "step-${title}": command => "/bin/sh -c 'echo ${title} >> ${facts['sandbox']}/log'" } }
class tail { step { 'tail': } }
exec { 'bad1': command => '/bin/false' }
exec { 'bad2': command => '/bin/false' }
step { 'one': require => [Exec['bad1'], Exec['bad2']] }
-> step { 'two': }
-> class { 'tail': }
exec { 'free': command => "/bin/sh -c 'echo free >> ${s}/log'" }
