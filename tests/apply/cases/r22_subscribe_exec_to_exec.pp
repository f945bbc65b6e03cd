# An exec that runs sends an event; one skipped by its guard sends none.
$s = $facts['sandbox']
exec { 'runs': command => "/bin/sh -c 'echo runs >> ${s}/log'", creates => "${s}/done" }
~> exec { 'marks': command => "/usr/bin/touch ${s}/done", refreshonly => true }
exec { 'guarded': command => '/bin/true', unless => '/bin/true' }
~> exec { 'never': command => "/bin/sh -c 'echo never >> ${s}/log'", refreshonly => true }
