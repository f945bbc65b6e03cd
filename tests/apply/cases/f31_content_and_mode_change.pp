# Content, owner and mode all differ: every property changes and notifies
# once; noop lists them all.
$s = $facts['sandbox']
file { "${s}/all": ensure => file, content => "new\n", mode => '0600', owner => 'daemon', group => 'daemon' }
~> exec { 'once': command => "/bin/sh -c 'echo once >> ${s}/log'", refreshonly => true }
