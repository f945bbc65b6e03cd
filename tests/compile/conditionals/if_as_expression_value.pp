$mode = if $facts['processors']['count'] > 1 { 'smp' } else { 'up' }
notify { 'mode': message => $mode }
