package { 'p': require => [] }
