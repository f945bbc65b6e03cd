# notify resources send events too: an exec subscribed to a notify.
$s = $facts['sandbox']
notify { 'announce': message => 'deploying' }
~> exec { 'after-announce': command => "/bin/sh -c 'echo deployed >> ${s}/log'", refreshonly => true }
notify { 'quiet-noop': noop => true }
~> exec { 'after-noop-notify': command => "/bin/sh -c 'echo x >> ${s}/log'", refreshonly => true }
