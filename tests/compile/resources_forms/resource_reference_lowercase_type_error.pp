package { 'vim': }
notify { 'n': require => Package['vim'] }
notify { 'm': require => package['vim'] }
