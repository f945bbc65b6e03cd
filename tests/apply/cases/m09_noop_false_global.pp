# noop => false resources under --noop change, and their refresh runs;
# noop => true in a normal run.
$s = $facts['sandbox']
file { "${s}/forced": ensure => file, content => 'f', noop => false }
~> exec { 'refresh-forced': command => "/bin/sh -c 'echo forced >> ${s}/log'", refreshonly => true, noop => false }
file { "${s}/held": ensure => file, content => 'h', noop => true }
~> exec { 'refresh-held': command => "/bin/sh -c 'echo held >> ${s}/log'", refreshonly => true }
