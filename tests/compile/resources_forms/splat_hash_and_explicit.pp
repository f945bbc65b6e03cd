$attrs = { 'ensure' => 'present', 'shell' => '/bin/zsh' }
user { 'carol': * => $attrs, uid => 2001 }
