notify { 'x': require => Nosuch['y'] }
