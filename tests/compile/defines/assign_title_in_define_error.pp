define d { $title = 'other' }
d { 'x': }
