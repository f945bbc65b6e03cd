package { 'x': colour => 'blue' }
