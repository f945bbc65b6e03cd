Notify { require => Notify['base'] }
notify { 'base': require => [] }
notify { 'child': }
