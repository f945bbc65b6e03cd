define d { }
d { 'x': nosuchparam => 1 }
