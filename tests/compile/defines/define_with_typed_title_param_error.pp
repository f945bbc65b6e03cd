define d (Integer $count) { }
d { 'x': count => 'many' }
